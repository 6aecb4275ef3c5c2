"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { observable } from "@trpc/server/observable";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { MAX_TRPC_BATCH_SIZE } from "~/domain/trpc-batch-size";
import type { AppRouter } from "~/server/trpc/_app";
import { markSessionEnded } from "~/lib/session-state";
import { setNetworkFailureText } from "~/lib/trpc-error-info";

/**
 * tRPC in the browser. Plain JSON (no transformer): dates travel as ISO strings, which is also what the services
 * return. The session cookie rides along on same-origin requests.
 */
export const trpc = createTRPCReact<AppRouter>();

/**
 * Watches every answer for UNAUTHORIZED: the session ended (expired, or its cookie removed) while the page was open,
 * so the page asks the member to sign in again in place instead of failing each call (src/lib/session-state.ts).
 */
const sessionLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (error.data?.code === "UNAUTHORIZED") markSessionEnded();
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

export function TrpcProvider({ children }: { children: ReactNode }) {
  setNetworkFailureText(useTranslations("errors")("network"));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [sessionLink, httpBatchLink({ url: "/api/trpc", maxItems: MAX_TRPC_BATCH_SIZE })] }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
