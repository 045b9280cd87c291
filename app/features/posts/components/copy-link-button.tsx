// Copies the post's address. Needs JavaScript, so it appears once React runs.
import { useEffect, useState } from "react";
import { CopyIcon } from "#app/components/icons.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export function CopyLinkButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), 2500);
    return () => clearTimeout(timer);
  }, [message]);
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setMessage("Link copiado!");
    } catch {
      setMessage("Não foi possível copiar. Copie o endereço na barra do navegador.");
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} className="btn-ghost border border-slate-300">
        <CopyIcon />
        Copiar link
      </button>
      <span role="status" className="text-sm text-slate-700">
        {message}
      </span>
    </span>
  );
}
