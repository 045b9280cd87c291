// Configurações: the members you blocked, each with Desbloquear.
import { Form, Link, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { FormStatus } from "#app/components/form/field.tsx";

type Blocked = { id: number; handle: string; name: string; avatarUrl: string | null };

export function BlockedMembersSection({ members, message }: { members: Blocked[]; message?: string }) {
  return (
    <section aria-labelledby="secao-bloqueados" className="card p-6">
      <h2 id="secao-bloqueados" className="text-lg font-semibold text-slate-900">
        Membros bloqueados
      </h2>
      <div className="mt-4">
        <p className="text-sm text-slate-800">
          O que essas pessoas publicam fica recolhido para você, e elas não geram notificações para você. Elas
          não são avisadas. Para bloquear alguém, use o botão Bloquear no perfil da pessoa.
        </p>
        <FormStatus message={message} />
        {members.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Você não bloqueou ninguém.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {members.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <AvatarImage src={member.avatarUrl} handle={member.handle} size="sm" />
                  <Link
                    to={href("/u/:handle", { handle: member.handle })}
                    className="text-primary truncate font-medium hover:underline"
                  >
                    {member.name}
                  </Link>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock-member" />
                  <input type="hidden" name="userId" value={member.id} />
                  <button
                    type="submit"
                    className="btn-outline py-1.5"
                    aria-label={`Desbloquear ${member.name}`}
                  >
                    Desbloquear
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
