// The one way a page with several forms answers them (a question, the settings, a post, a profile): each form
// posts its `intent`, and the page declares one handler per intent in a table. What every page gets the same:
// an intent missing from the table is refused (400, "Ação desconhecida." unless the page says otherwise), and
// an AppError a handler throws (a refusal from a feature function: not signed in, not allowed, invalid) becomes
// the page's reply through its `refused`; anything else is a server error. A handler that answers a refusal
// in its own way (a Conform form replying beside its fields) catches it itself.
import { data } from "react-router";
import { isAppError, type AppError } from "./errors.ts";

export const UNKNOWN_INTENT_MESSAGE = "Ação desconhecida.";

// Handlers take the page's arguments, whatever they are; `any` keeps each handler's own parameter type usable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handlers = Record<string, (args: any) => Promise<unknown>>;
type ArgsOf<H extends Handlers> = Parameters<H[keyof H]>[0];

const unknownIntentReply = () => data({ ok: false, message: UNKNOWN_INTENT_MESSAGE }, { status: 400 });

export function intentAction<
  H extends Handlers,
  Refused = never,
  Unknown = ReturnType<typeof unknownIntentReply>,
>(
  handlers: H,
  options: {
    /** The page's reply to an AppError (default: thrown on, to the route's error handling). */
    refused?: (error: AppError, intent: keyof H & string, args: ArgsOf<H>) => Refused;
    /** The page's reply to an intent it does not have (default: 400, "Ação desconhecida."). */
    unknown?: (intent: string, args: ArgsOf<H>) => Unknown;
  } = {},
) {
  const action = async (
    posted: FormDataEntryValue | null,
    args: ArgsOf<H>,
  ): Promise<Awaited<ReturnType<H[keyof H]>> | Refused | Unknown> => {
    const intent = typeof posted === "string" ? posted : "";
    if (!Object.hasOwn(handlers, intent)) {
      return options.unknown ? options.unknown(intent, args) : (unknownIntentReply() as Unknown);
    }
    try {
      return (await handlers[intent]!(args)) as Awaited<ReturnType<H[keyof H]>>;
    } catch (error) {
      if (!isAppError(error) || !options.refused) throw error;
      return options.refused(error, intent, args);
    }
  };
  /** The intents the page answers, for its tests and documentation. */
  return Object.assign(action, { intents: Object.keys(handlers) as readonly (keyof H & string)[] });
}
