import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A form's native <select>, styled like `Input`; give it a `Field`'s control props so it is labelled. */
export const selectClasses =
  "block h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm " +
  "aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500 disabled:cursor-not-allowed disabled:bg-slate-100";

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(selectClasses, className)} {...props} />;
}
