// The little of oidc-provider's API the fake Google uses (the package ships no type declarations).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Account = { accountId: string; claims: () => Record<string, unknown> };

  export type Configuration = {
    clients: Record<string, unknown>[];
    pkce?: { required: () => boolean };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    cookies?: { keys: string[] };
    findAccount: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
