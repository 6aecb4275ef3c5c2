import type { Metadata } from "next";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { ApiKeyList } from "~/components/api-keys/api-key-list";
import { CreateApiKeyForm } from "~/components/api-keys/create-api-key-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { listApiKeys } from "~/server/services/identity/list-api-keys";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const actor = await requireSignedIn();
  const keys = await listApiKeys({ userId: actor.userId });

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Settings"
        title="API keys"
        description={
          <>
            A key acts as you, in every organization you belong to. Send it in the{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 text-sm">api_token</code> header of REST requests.
          </>
        }
      />
      <section aria-labelledby="create-key-heading">
        <Card>
          <CardBody className="space-y-4">
            <h2 id="create-key-heading" className="text-lg font-semibold">
              Create a key
            </h2>
            <CreateApiKeyForm />
          </CardBody>
        </Card>
      </section>
      <section aria-labelledby="key-list-heading" className="space-y-3">
        <h2 id="key-list-heading" className="text-lg font-semibold">
          Your keys
        </h2>
        <ApiKeyList keys={keys} />
      </section>
    </div>
  );
}
