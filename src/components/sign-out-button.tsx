"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { authClient } from "~/lib/auth-client";

export function SignOutButton() {
  const t = useTranslations("header");
  const [isPending, setIsPending] = useState(false);

  async function onSignOut() {
    setIsPending(true);
    await authClient.signOut();
    // A full load, so no page rendered for the signed-in user survives in the router cache.
    window.location.assign("/sign-in");
  }

  return (
    <Button variant="secondary" size="sm" onClick={onSignOut} disabled={isPending} data-leave-guard>
      {isPending ? t("signingOut") : t("signOut")}
    </Button>
  );
}
