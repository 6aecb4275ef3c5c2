import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "block h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm",
        "aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500",
        "read-only:bg-slate-50 disabled:cursor-not-allowed disabled:bg-slate-100",
        className,
      )}
      {...props}
    />
  );
}
