"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, type ReactNode } from "react";
import { SignInForm } from "~/components/auth/sign-in-form";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { markSessionRestored, setPageSignedIn, setSignInPromptOpen, useSessionState } from "~/lib/session-state";

/**
 * "Your session has ended — sign in again", on the page the member is on (docs/editor.md, Session expiry): opened
 * when the server refused a call for want of a session. Signing in here keeps the page and what it holds (an
 * editor's unsaved edits, which then save); the server components are refreshed for the member now signed in. Only
 * a page rendered for a signed-in member (`isSignedIn`) has a session to lose.
 */
export function SessionEndedDialog({ isSignedIn }: { isSignedIn: boolean }) {
  const t = useTranslations("session");
  const router = useRouter();
  const { isPromptOpen } = useSessionState();
  useEffect(() => setPageSignedIn(isSignedIn), [isSignedIn]);
  const titleId = useId();
  const textId = useId();
  return (
    <ModalDialog
      isOpen={isPromptOpen}
      onClose={() => setSignInPromptOpen(false)}
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="max-w-md"
    >
      <div className="space-y-4 p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("endedTitle")}
        </h2>
        <p id={textId} className="text-sm text-slate-600">
          {t("endedText")}
        </p>
        {isPromptOpen ? (
          <SignInForm
            onSignedIn={() => {
              markSessionRestored();
              router.refresh();
            }}
          />
        ) : null}
        <Button variant="ghost" className="w-full" onClick={() => setSignInPromptOpen(false)}>
          {t("notNow")}
        </Button>
      </div>
    </ModalDialog>
  );
}

/**
 * The header's signed-in part while the session lasts; once it ended, a "Sign in" button that opens the in-place
 * sign-in instead, so the header never says signed in when the server no longer does.
 */
export function SessionAwareHeader({ signedIn }: { signedIn: ReactNode }) {
  const t = useTranslations("session");
  const { isEnded } = useSessionState();
  if (!isEnded) return signedIn;
  return (
    <div className="ml-auto flex items-center gap-2">
      <span className="text-sm text-slate-600">{t("signedOut")}</span>
      <Button size="sm" onClick={() => setSignInPromptOpen(true)}>
        {t("signIn")}
      </Button>
    </div>
  );
}
