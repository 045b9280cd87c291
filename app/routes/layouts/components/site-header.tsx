// Spec §Header: logo, Home / Blog / Questões, the search box, Login and Cadastro or the member's controls;
// below md a hamburger repeats the links and the auth buttons or the member's block (the bell and the search
// box stay in the bar). Login, Cadastro and the hamburger open the browser's own dialogs (ADR 052): they answer
// the first tap from the HTML, before the app has arrived.
import { memberLinks, reviewLabel } from "#app/components/layout/member-links.ts";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation, href } from "react-router";
import { Avatar } from "#app/components/avatar.tsx";
import { CloseIcon, Logo, MenuIcon } from "#app/components/icons.tsx";
import { NativeDialog, closesDialog, opensDialog } from "#app/components/native-dialog.tsx";
import { AUTH_DIALOG_IDS } from "#app/features/accounts/components/auth-modal.tsx";
import { NotificationBell, UserMenu } from "#app/components/layout/user-menu.tsx";
import { SearchBox, sectionOf } from "#app/features/search/components/search-box.tsx";
import { KeptElement } from "#app/lib/page-html-fragment.tsx";
import type { Viewer } from "#app/lib/viewer.ts";

export type HeaderTheme = "base" | "blue";

const MOBILE_MENU_ID = "menu-movel";

/** Whether a header link is the current page's, as NavLink decides it: the same path, or one below it. */
function isCurrent(pathname: string, link: { to: string; end: boolean }): boolean {
  const path = pathname.toLowerCase();
  return path === link.to || (!link.end && path.startsWith(link.to) && path.charAt(link.to.length) === "/");
}

/** Login or Cadastro: opens its dialog, already in the page (spec: "Login and Cadastro buttons"). */
export function AuthButton({
  mode,
  className,
  onOpen,
}: {
  mode: "signIn" | "signUp";
  className: string;
  /** Runs just before the browser opens the dialog (the listener comes before the button's own command). */
  onOpen?: () => void;
}) {
  return (
    <button
      {...opensDialog(AUTH_DIALOG_IDS[mode])}
      data-auth-opener={mode}
      className={className}
      onClick={onOpen}
    >
      {mode === "signIn" ? "Login" : "Cadastro"}
    </button>
  );
}

export function SiteHeader({
  theme = "base",
  viewer,
  unreadNotifications = 0,
  reviewItems = null,
  onSignOut,
  onSignOutIntent,
}: {
  theme?: HeaderTheme;
  viewer: Viewer | null;
  unreadNotifications?: number;
  /** Open review items, for those who can review; null hides the link. */
  reviewItems?: number | null;
  onSignOut: () => void;
  /** A pointer or the focus reached a way to Sair: its dialog's module can start loading. */
  onSignOutIntent?: () => void;
}) {
  const location = useLocation();
  const menu = useRef<HTMLDialogElement | null>(null);
  const blue = theme === "blue";
  const section = sectionOf(location.pathname);

  // A navigation closes the mobile menu, even back to the same address (signing out on the home page). Not the
  // app's arrival: a menu the browser opened before hydration stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    menu.current?.close();
  }, [location.key]);

  const links = [
    { to: href("/"), label: "Home", mobileLabel: "Home", end: true },
    { to: href("/blog"), label: "Blog", mobileLabel: "Blog", end: false },
    { to: href("/questions"), label: "Questões", mobileLabel: "Perguntas", end: false },
  ];
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${
      blue
        ? `text-white hover:bg-white/10 ${isActive ? "underline underline-offset-8" : ""}`
        : `hover:bg-slate-100 ${isActive ? "text-primary underline underline-offset-8" : "text-slate-700"}`
    }`;

  // The same for every page a member reads until something in it changes: rendered once and kept (ADR 069).
  // Its links and forms are absolute; of the address it shows only which link is current and the section.
  return (
    <KeptElement
      tag="header"
      scope="frame"
      attributes={{
        className: blue ? "bg-primary text-white scheme-light" : "border-b border-slate-200 bg-white",
      }}
      fragmentKey={() =>
        JSON.stringify([
          theme,
          section,
          links.map((link) => isCurrent(location.pathname, link)),
          viewer,
          unreadNotifications,
          reviewItems,
        ])
      }
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:h-16 sm:flex-nowrap sm:py-0">
        <Link to={href("/")} aria-label="Suporte de Domingo, página inicial" className="shrink-0">
          <Logo inverted={blue} />
        </Link>
        <nav aria-label="Principal" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* One search box at every width (a second row on phones), so it is always the only one. */}
        <SearchBox section={section} className="order-last w-full sm:order-none sm:ml-auto sm:max-w-xs" />
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:ml-0">
          {viewer ? (
            <div className="flex items-center gap-2">
              {/* The bell stays in the bar on phones too; the avatar menu moves into the hamburger. */}
              {reviewItems !== null ? (
                <Link
                  to={href("/revisao")}
                  aria-label={reviewLabel(reviewItems)}
                  className={`hidden items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium md:inline-flex ${blue ? "text-white hover:bg-white/10" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  Revisão
                  <span
                    className={`min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-bold ${reviewItems > 0 ? "bg-amber-500 text-slate-900" : "bg-slate-200 text-slate-700"}`}
                  >
                    {reviewItems > 99 ? "99+" : reviewItems}
                  </span>
                </Link>
              ) : null}
              <NotificationBell unread={unreadNotifications} inverted={blue} />
              <div className="hidden md:flex">
                <UserMenu
                  viewer={viewer}
                  reviewItems={reviewItems}
                  onSignOut={onSignOut}
                  onSignOutIntent={onSignOutIntent}
                />
              </div>
            </div>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <AuthButton
                mode="signIn"
                className={blue ? "btn-ghost text-white hover:bg-white/10" : "btn-outline"}
              />
              <AuthButton
                mode="signUp"
                className={blue ? "btn-outline border-white text-white hover:bg-white/10" : "btn-primary"}
              />
            </div>
          )}
          <button
            {...opensDialog(MOBILE_MENU_ID)}
            className={`rounded-md p-2 md:hidden ${blue ? "text-white hover:bg-white/10" : "text-slate-800 hover:bg-slate-100"}`}
            aria-label="Abrir menu"
            aria-haspopup="dialog"
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {/* A closed dialog shows nothing and leaves nothing for assistive technology, like a menu not rendered. */}
      <NativeDialog
        id={MOBILE_MENU_ID}
        label="Menu"
        dialogRef={menu}
        className="m-0 max-h-dvh w-full max-w-full overflow-y-auto bg-white px-4 pb-4 text-slate-900 backdrop:bg-black/40 md:hidden"
      >
        <div className="flex h-16 items-center justify-between">
          <Logo />
          <button
            {...closesDialog(MOBILE_MENU_ID)}
            aria-label="Fechar menu"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="border-t border-slate-200">
          <nav aria-label="Menu móvel">
            <ul className="mt-2 flex flex-col">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    end={l.end}
                    className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                  >
                    {l.mobileLabel}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {viewer ? (
            <div className="mt-2 border-t border-slate-200 pt-3">
              <Avatar
                handle={viewer.handle}
                name={viewer.name}
                src={viewer.avatarUrl}
                roleLine={`${viewer.reputation} de reputação`}
              />
              <ul className="mt-2 flex flex-col">
                {memberLinks(viewer, reviewItems).map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      aria-label={link.accessibleName}
                      className="block rounded-md px-3 py-3 text-base text-slate-800 hover:bg-slate-100"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      // The sign-out dialog is not in the browser's top layer: the menu makes way for it.
                      menu.current?.close();
                      onSignOut();
                    }}
                    onPointerEnter={onSignOutIntent}
                    onFocus={onSignOutIntent}
                    className="block w-full rounded-md px-3 py-3 text-left text-base text-slate-800 hover:bg-slate-100"
                  >
                    Sair
                  </button>
                </li>
              </ul>
            </div>
          ) : (
            <div className="mt-2 flex gap-2 border-t border-slate-200 pt-3">
              {/* The menu makes way, as the browser's own menus do: closing the form later shows the page, and
                  the focus goes back to the hamburger. Before the app arrives the menu stays under the form. */}
              <AuthButton mode="signIn" className="btn-outline flex-1" onOpen={() => menu.current?.close()} />
              <AuthButton mode="signUp" className="btn-primary flex-1" onOpen={() => menu.current?.close()} />
            </div>
          )}
        </div>
      </NativeDialog>
    </KeptElement>
  );
}
