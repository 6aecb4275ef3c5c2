"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type NewApiKeyPanelProps = { name: string; token: string; onDone: () => void };

/** The one showing of a new key's token, with a copy button. Focus moves to the token so it can be copied at once. */
export function NewApiKeyPanel({ name, token, onDone }: NewApiKeyPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [token]);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopyState("copied");
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable by hand.
      inputRef.current?.select();
      setCopyState("failed");
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <h3 id={`${inputId}-heading`} className="font-semibold text-emerald-900">
        Copy your new key now
      </h3>
      <p className="text-sm text-emerald-900">
        This is the only time the key “{name}” is shown. Store it somewhere safe; if you lose it, create a new one.
      </p>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-emerald-950">
          New API key
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input ref={inputRef} id={inputId} readOnly value={token} className="font-mono" spellCheck={false} />
          <Button variant="secondary" onClick={onCopy}>
            Copy
          </Button>
        </div>
        <p aria-live="polite" className="min-h-5 text-sm text-emerald-900">
          {copyState === "copied" ? "Copied to the clipboard." : null}
          {copyState === "failed" ? "Could not copy automatically; the key is selected, copy it by hand." : null}
        </p>
      </div>
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onDone}>
        Done, hide the key
      </Button>
    </section>
  );
}
