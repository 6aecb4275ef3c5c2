import type { TAppLocale } from "~/domain/languages/app-locale";
import type { TPassport } from "~/domain/passport-schema";
import { escapeHtml, html, SafeHtml } from "~/server/public-pages/html";
import type { PublicPageText } from "~/server/public-pages/page-text";
import { instantHtml } from "~/server/public-pages/local-times";

/**
 * The published version on the passport page (docs/versions.md): its number, date and hash, a status that a small
 * script turns into "Verified" once the browser has checked the version's signature with the organization's
 * published key (WebCrypto Ed25519, as jose does in a browser) and its hash, and links to the other versions. Without
 * script the page still reads; the status then says how to check it.
 */
export function publicationBlock(passport: TPassport, latestVersion: number, t: PublicPageText, locale: TAppLocale): SafeHtml | null {
  const publication = passport.publication;
  if (!publication || publication.state !== "published") return null;
  const { version, publishedAt, hash } = publication;
  const others = Array.from({ length: latestVersion }, (_, i) => latestVersion - i).filter((n) => n !== version);
  return html`<section class="publication" aria-label="${t("publication")}">
    <p>
      <strong>${t("version", { version })}</strong
      >${version === latestVersion ? t("latest") : html`${t("earlier")}<a href="?" data-keep-grant>${t("seeLatest")}</a>`}${t("publishedAt")}${instantHtml(publishedAt, locale)}
    </p>
    <p class="hash">SHA-256 <code>${hash}</code></p>
    <p id="version-check" class="check" role="status" data-version="${String(version)}" data-hash="${hash}">
      ${new SafeHtml(t.markup("notChecked", { code: (chunks) => `<code>${escapeHtml(joinChunks(chunks))}</code>` }))}
    </p>
    ${
      others.length > 0 &&
      html`<details>
        <summary>${t("otherVersions")}</summary>
        <ul>
          ${others.map((n) => html`<li><a href="?version=${String(n)}" data-keep-grant>${t("version", { version: n })}</a></li>`)}
        </ul>
      </details>`
    }
    <script>
      ${new SafeHtml(verifyScript(t))};
    </script>
  </section>`;
}

/** A markup tag's content: typed a string, but intl-messageformat hands the tag function its parts as an array. */
function joinChunks(chunks: string | readonly string[]): string {
  return typeof chunks === "string" ? chunks : chunks.join("");
}

/**
 * Checks the shown version in the browser: its compact JWS and then its issuer's JWKS (`/orgs/{id}/jwks.json`, or the
 * global one for an issuer under its own domain) are fetched from this origin, the Ed25519
 * signature is verified with the key the JWS header names, and the SHA-256 of the signed payload must be the hash
 * shown. A grant in the page's query (`?grant=`) is passed on, so a grant's level is checked too.
 */
function verifyScript(t: PublicPageText): string {
  // The script's words, in the page's language; `<` escaped so no message can close the script element.
  const words = JSON.stringify({
    keyNotPublished: t("keyNotPublished"),
    signatureMismatch: t("signatureMismatch"),
    hashMismatch: t("hashMismatch"),
    verified: t.raw("verified") as string,
    checkFailed: t.raw("checkFailed") as string,
    checkFailedReason: t("checkFailedReason"),
  }).replace(/</g, "\\u003c");
  return VERIFY_SCRIPT.replace("WORDS", () => words);
}

const VERIFY_SCRIPT = `(async () => {
  const words = WORDS;
  const box = document.getElementById("version-check");
  const say = (text, ok) => { box.textContent = text; box.dataset.state = ok ? "verified" : "failed"; };
  try {
    const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(s.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
    const grant = new URLSearchParams(location.search).get("grant");
    const query = grant ? "?grant=" + encodeURIComponent(grant) : "";
    if (grant) for (const a of document.querySelectorAll("a[data-keep-grant]")) {
      const href = a.getAttribute("href");
      a.setAttribute("href", href + (href === "?" ? "" : "&") + "grant=" + encodeURIComponent(grant));
    }
    const path = location.pathname.replace(/\\/$/, "") + "/versions/" + box.dataset.version + ".jwt" + query;
    const jws = await fetch(path).then((r) => r.text());
    const [head, payload, signature] = jws.trim().split(".");
    // The issuer's own keys when it is this app's did:web:{host}:orgs:{id} (small whatever the number of
    // organizations), else every organization's.
    const issuer = String(JSON.parse(new TextDecoder().decode(bytes(payload))).issuer || "");
    const org = /:orgs:([^:#]+)$/.exec(issuer);
    const keysPath = org ? "/orgs/" + encodeURIComponent(decodeURIComponent(org[1])) + "/jwks.json" : "/.well-known/jwks.json";
    const jwks = await fetch(keysPath).then((r) => r.json());
    const header = JSON.parse(new TextDecoder().decode(bytes(head)));
    // A DID URL ({issuer}#{thumbprint}) names its key by the fragment; versions signed before carry the bare thumbprint.
    const kid = String(header.kid).startsWith("did:") && String(header.kid).includes("#") ? header.kid.slice(header.kid.indexOf("#") + 1) : header.kid;
    const jwk = jwks.keys.find((k) => k.kid === kid);
    if (!jwk || header.alg !== "EdDSA") return say(words.keyNotPublished, false);
    const key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const signed = new TextEncoder().encode(head + "." + payload);
    if (!(await crypto.subtle.verify({ name: "Ed25519" }, key, bytes(signature), signed))) return say(words.signatureMismatch, false);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(payload)));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== box.dataset.hash) return say(words.hashMismatch, false);
    say(words.verified.replace("{kid}", kid.slice(0, 12)), true);
  } catch (error) {
    say(words.checkFailed.replace("{reason}", error && error.message ? error.message : words.checkFailedReason), false);
  }
})();`;
