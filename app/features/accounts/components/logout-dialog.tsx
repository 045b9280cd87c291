// Spec §Logout dialog: 'Deseja sair?', the reminder text, Voltar and Sair. Sair posts to /sair, which ends the
// session on the server and goes home. Focus returns to the user menu (or the mobile menu button).
import { Dialog } from "radix-ui";
import { Form, useNavigation } from "react-router";
import { AUTH_PAGES } from "./auth-urls.ts";

export const LOGOUT_TITLE = "Deseja sair?";
export const LOGOUT_TEXT =
  "Para voltar a postar no blog ou escrever perguntas e respostas, você precisará entrar novamente.";

/** Voltar and Sair, shared by the dialog and the /sair page (used without JavaScript). */
export function LogoutActions({ back }: { back: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === AUTH_PAGES.signOut;
  return (
    <Form method="post" action={AUTH_PAGES.signOut} className="mt-6 flex justify-end gap-3">
      {back}
      <button type="submit" className="btn-primary" disabled={busy}>
        Sair
      </button>
    </Form>
  );
}

function returnFocus() {
  const candidates = ['[aria-label="Menu do usuário"]', '[aria-controls="menu-movel"]'];
  for (const selector of candidates) {
    const element = document.querySelector(selector);
    if (element instanceof HTMLElement && element.getClientRects().length > 0) {
      element.focus();
      return;
    }
  }
}

export function LogoutDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-[1101] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-primary text-xl font-bold">{LOGOUT_TITLE}</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-slate-700">{LOGOUT_TEXT}</Dialog.Description>
          <LogoutActions
            back={
              <Dialog.Close type="button" className="btn-outline">
                Voltar
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
