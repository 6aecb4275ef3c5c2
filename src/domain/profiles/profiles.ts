import { z } from "zod";
import annexXiii from "~/domain/profiles/eu-battery-annex-xiii.json";
import { type TProfile, ZProfile } from "~/domain/profiles/profile-schema";

/**
 * The profiles an import or a draft can apply (docs/profiles.md), each one JSON file beside this module, checked by
 * the profile schema when it loads: a new product group is a new file and one line here.
 */
export const PROFILES: readonly TProfile[] = [ZProfile.parse(annexXiii)];

export const PROFILE_IDS = ["eu-battery-annex-xiii"] as const;
export const ZProfileId = z.enum(PROFILE_IDS);
export type TProfileId = z.infer<typeof ZProfileId>;

export function profileById(id: TProfileId): TProfile {
  const profile = PROFILES.find((p) => p.id === id);
  if (!profile) throw new Error(`Profile ${id} is not loaded`);
  return profile;
}
