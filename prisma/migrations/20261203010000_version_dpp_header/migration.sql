-- The DPP header a version was published with (docs/versions.md §DPP API): the economic operator and the facility,
-- frozen at publication so a version's answer never changes when the organization's settings do. Null for versions
-- published before this column, which keep answering the settings read live.
ALTER TABLE "passport_version" ADD COLUMN "dppHeader" JSONB;
