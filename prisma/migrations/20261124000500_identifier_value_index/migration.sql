-- The GS1 Digital Link resolver finds identifiers by value without knowing the organization (docs/gs1.md).
CREATE INDEX "unique_product_identifier_value_idx" ON "unique_product_identifier"("value");
