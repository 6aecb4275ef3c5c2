import { afterEach, expect, it, vi } from "vitest";
import { sendMail } from "~/server/mail/send-mail";

afterEach(() => {
  vi.restoreAllMocks();
});

it("without SMTP_URL writes the mail's link to the log as one line, and nothing else of the mail; a name cannot break the line", async () => {
  delete process.env.SMTP_URL;
  const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
  await sendMail({
    to: "ada@example.test",
    subject: "Secret subject",
    text: "Secret body",
    link: "http://localhost:3000/invitations/1",
    linkLabel: "Invitation link to Evil\nOrg",
  });
  expect(info.mock.calls).toEqual([["[mail] Invitation link to Evil Org for ada@example.test: http://localhost:3000/invitations/1"]]);
});
