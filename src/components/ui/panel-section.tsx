import { useId, type ReactNode } from "react";
import { Card, CardBody } from "~/components/ui/card";

export type PanelSectionProps = { title: ReactNode; description: ReactNode; children: ReactNode };

/** A panel below an editor (access grants, partners): a card holding one region named by its h2, with a line about it. */
export function PanelSection({ title, description, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <Card>
      <CardBody>
        <section aria-labelledby={headingId} className="space-y-5">
          <div className="space-y-1">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
          {children}
        </section>
      </CardBody>
    </Card>
  );
}
