-- An invitee's open invitations are looked up by address (src/server/services/invitations/list-my-invitations.ts).
CREATE INDEX "invitation_email_idx" ON "invitation"("email");
