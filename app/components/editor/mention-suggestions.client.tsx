// "@" in the editor suggests members (GET /api/members/suggest): arrows choose, Enter or Tab inserts "@handle ",
// Escape closes. What is inserted is plain text: the server links and notifies mentions as it always did
// (lib/mentions.ts), so a mention typed in full, pasted or picked here is the same thing. TipTap's own
// suggestion utility follows the caret; the list is ours, a listbox the editing area points to.
import type { Editor } from "@tiptap/core";
import { Extension } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import { Suggestion, type SuggestionProps } from "@tiptap/suggestion";
import { useEffect, useMemo, useRef, useState } from "react";

type Member = { handle: string; name: string; avatarUrl: string | null };

type OpenList = {
  items: Member[];
  active: number;
  rect: DOMRect | null;
  choose: (member: Member) => void;
};

/** Answers already fetched in this page, by what was typed. */
const answers = new Map<string, Member[]>();

async function fetchMembers(query: string, signal: AbortSignal): Promise<Member[]> {
  const typed = query.toLowerCase();
  if (!/^[a-z0-9-]{1,39}$/.test(typed)) return [];
  const known = answers.get(typed);
  if (known) return known;
  try {
    const response = await fetch(`/api/members/suggest?q=${encodeURIComponent(typed)}`, { signal });
    if (!response.ok) return [];
    const members = (await response.json()) as Member[];
    answers.set(typed, members);
    return members;
  } catch {
    // Aborted by the next keystroke, or offline: no suggestions, typing goes on.
    return [];
  }
}

/** The extension to add to the editor, and the list to render beside it. */
/** `announce`: the editor's own status line (one per editor), told how many members are offered. */
export function useMentionSuggestions(announce: (message: string) => void) {
  const [open, setOpen] = useState<OpenList | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  /** Escape closed the list: it stays closed until this "@" is left. */
  const dismissed = useRef(false);
  const announceRef = useRef(announce);
  announceRef.current = announce;

  const extension = useMemo(() => {
    const show = (props: SuggestionProps<Member, Member>) => {
      if (dismissed.current || props.items.length === 0) return setOpen(null);
      const count = props.items.length;
      if (openRef.current?.items.length !== count) {
        announceRef.current(
          `${count === 1 ? "1 membro sugerido" : `${count} membros sugeridos`}. Setas para escolher, Enter para mencionar, Esc para fechar.`,
        );
      }
      setOpen({ items: props.items, active: 0, rect: props.clientRect?.() ?? null, choose: props.command });
    };
    return Extension.create({
      name: "mentionSuggestions",
      addProseMirrorPlugins() {
        return [
          Suggestion<Member, Member>({
            editor: this.editor,
            pluginKey: new PluginKey("mentionSuggestions"),
            char: "@",
            allowSpaces: false,
            debounce: 150,
            items: ({ query, signal }) => fetchMembers(query, signal),
            // Never inside code: "@decorator" in Python is not a person.
            allow: ({ editor }) => !editor.isActive("code") && !editor.isActive("codeBlock"),
            command: ({ editor, range, props: member }) => {
              editor.chain().focus().insertContentAt(range, `@${member.handle} `).run();
            },
            render: () => ({
              onStart: (props) => {
                dismissed.current = false;
                show(props);
              },
              onUpdate: show,
              onExit: () => {
                dismissed.current = false;
                setOpen(null);
              },
              onKeyDown: ({ event }) => {
                const current = openRef.current;
                if (!current) return false;
                const count = current.items.length;
                if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                  const step = event.key === "ArrowDown" ? 1 : -1;
                  setOpen({ ...current, active: (current.active + step + count) % count });
                  return true;
                }
                if (event.key === "Enter" || event.key === "Tab") {
                  const member = current.items[current.active];
                  if (member) current.choose(member);
                  return true;
                }
                if (event.key === "Escape") {
                  dismissed.current = true;
                  setOpen(null);
                  return true;
                }
                return false;
              },
            }),
          }),
        ];
      },
    });
  }, []);

  return { extension, open };
}

/**
 * The editing area points to the open list and its active option (a textbox may not say `aria-expanded`; the
 * editor's status line says it opened).
 */
export function useMentionListAria(editor: Editor | null, open: OpenList | null, listId: string) {
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.isInitialized) return;
    const dom = editor.view.dom;
    dom.setAttribute("aria-autocomplete", "list");
    if (open) {
      dom.setAttribute("aria-controls", listId);
      dom.setAttribute("aria-activedescendant", `${listId}-${open.active}`);
    } else {
      dom.removeAttribute("aria-controls");
      dom.removeAttribute("aria-activedescendant");
    }
  }, [editor, open, listId]);
}

/** The list under the caret: fixed to the viewport, kept inside it on a phone. */
export function MentionList({ open, listId }: { open: OpenList | null; listId: string }) {
  return open ? <OpenMentionList open={open} listId={listId} /> : null;
}

function OpenMentionList({ open, listId }: { open: OpenList; listId: string }) {
  const width = 288;
  const rect = open.rect;
  const left = rect ? Math.max(8, Math.min(rect.left, window.innerWidth - width - 8)) : 8;
  const top = rect ? rect.bottom + 4 : 8;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Membros para mencionar"
      className="fixed z-50 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      style={{ top, left, width: `min(${width}px, calc(100vw - 16px))` }}
    >
      {open.items.map((member, index) => (
        <li
          key={member.handle}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === open.active}
          className={`flex cursor-pointer flex-col px-3 py-1.5 ${index === open.active ? "bg-primary/10" : ""}`}
          // Keeps the caret in the editor: the click chooses, the editor keeps its focus.
          onMouseDown={(event) => {
            event.preventDefault();
            open.choose(member);
          }}
        >
          <span className="font-medium break-words text-slate-900">{member.name}</span>
          <span className="text-xs text-slate-600">@{member.handle}</span>
        </li>
      ))}
    </ul>
  );
}
