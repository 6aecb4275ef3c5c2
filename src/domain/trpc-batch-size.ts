/**
 * Most procedure calls one tRPC request may batch. The server refuses more with 400 before any call runs, so one
 * request's work stays bounded; the browser's batch link splits larger batches into several requests.
 */
export const MAX_TRPC_BATCH_SIZE = 10;
