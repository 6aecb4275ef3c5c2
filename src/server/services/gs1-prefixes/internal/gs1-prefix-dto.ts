export type Gs1PrefixDto = { prefix: string; organizationId: string; note: string; verifiedAt: string };

export function gs1PrefixDto(row: { prefix: string; organizationId: string; note: string; verifiedAt: Date }): Gs1PrefixDto {
  return { prefix: row.prefix, organizationId: row.organizationId, note: row.note, verifiedAt: row.verifiedAt.toISOString() };
}
