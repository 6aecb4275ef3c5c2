import type { ReactNode } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";

// Signed-out visitors get a real redirect here, before any loading state starts streaming.
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  await requireSignedIn();
  return children;
}
