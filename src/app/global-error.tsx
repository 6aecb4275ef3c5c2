"use client";

import "./globals.css";

/** Replaces the root layout when the layout itself fails (for example, the database is unreachable). */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="bg-slate-50 font-sans text-slate-900">
        <main className="mx-auto max-w-lg px-4 py-16 text-center">
          <title>Something went wrong · Passport Studio</title>
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="mt-3 text-slate-600">Passport Studio could not load. Try again in a moment.</p>
          <button
            type="button"
            onClick={() => retry()}
            className="mt-6 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
