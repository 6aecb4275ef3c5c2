"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { MAX_TRPC_BATCH_SIZE } from "~/domain/trpc-batch-size";
import type { AppRouter } from "~/server/trpc/_app";
import { setNetworkFailureText } from "~/lib/trpc-error-info";

/**
 * tRPC in the browser. Plain JSON (no transformer): dates travel as ISO strings, which is also what the services
 * return. The session cookie rides along on same-origin requests.
 */
export const trpc = createTRPCReact<AppRouter>();

export function TrpcProvider({ children }: { children: ReactNode }) {
  setNetworkFailureText(useTranslations("errors")("network"));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }));
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: "/api/trpc", maxItems: MAX_TRPC_BATCH_SIZE })] }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
