import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-slate-600">This page does not exist, or it belongs to an organization you are not a member of.</p>
      <Link href="/" className={buttonClasses({ className: "mt-6" })}>
        Go to my organizations
      </Link>
    </div>
  );
}
