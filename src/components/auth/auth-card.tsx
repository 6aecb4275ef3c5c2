import type { ReactNode } from "react";
import { Card, CardBody } from "~/components/ui/card";

export type AuthCardProps = { title: string; description: ReactNode; children: ReactNode; footer: ReactNode };

/** The narrow centred card the sign-in and sign-up pages share. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-8">
      <Card>
        <CardBody className="space-y-6">
          <div className="space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
          {children}
        </CardBody>
      </Card>
      <p className="mt-4 text-center text-sm text-slate-600">{footer}</p>
    </div>
  );
}
