import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "border-slate-200 bg-slate-50 text-slate-800",
} as const;

export type AlertProps = ComponentProps<"div"> & { tone?: keyof typeof TONES };

/** A message box. Errors use role="alert" so they are announced the moment they appear. */
export function Alert({ tone = "info", className, role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (tone === "error" ? "alert" : "status")}
      className={cn("rounded-md border px-4 py-3 text-sm", TONES[tone], className)}
      {...props}
    />
  );
}
