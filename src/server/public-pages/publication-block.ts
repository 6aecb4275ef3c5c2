import type { TPassport } from "~/domain/passport-schema";
import { html, SafeHtml } from "~/server/public-pages/html";

/**
 * The published version on the passport page (docs/versions.md): its number, date and hash, a status that a small
 * script turns into "Verified" once the browser has checked the version's signature with the organization's
 * published key (WebCrypto Ed25519, as jose does in a browser) and its hash, and links to the other versions. Without
 * script the page still reads; the status then says how to check it.
 */
export function publicationBlock(passport: TPassport, latestVersion: number): SafeHtml | null {
  const publication = passport.publication;
  if (!publication || publication.state !== "published") return null;
  const { version, publishedAt, hash } = publication;
  const others = Array.from({ length: latestVersion }, (_, i) => latestVersion - i).filter((n) => n !== version);
  return html`<section class="publication" aria-label="Published version">
    <p>
      <strong>Version ${String(version)}</strong
      >${version === latestVersion ? " (latest)" : html` — an earlier version; <a href="?" data-keep-grant>see the latest</a>`},
      published <time datetime="${publishedAt}">${publishedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</time>
    </p>
    <p class="hash">SHA-256 <code>${hash}</code></p>
    <p id="version-check" class="check" role="status" data-version="${String(version)}" data-hash="${hash}">
      Signature not checked yet (needs script; or run <code>passport:verify</code>).
    </p>
    ${
      others.length > 0 &&
      html`<details>
        <summary>Other versions</summary>
        <ul>
          ${others.map((n) => html`<li><a href="?version=${String(n)}" data-keep-grant>Version ${String(n)}</a></li>`)}
        </ul>
      </details>`
    }
    <script>
      ${new SafeHtml(VERIFY_SCRIPT)};
    </script>
  </section>`;
}

/**
 * Checks the shown version in the browser: its compact JWS and the JWKS are fetched from this origin, the Ed25519
 * signature is verified with the key the JWS header names, and the SHA-256 of the signed payload must be the hash
 * shown. A grant in the page's query (`?grant=`) is passed on, so a grant's level is checked too.
 */
const VERIFY_SCRIPT = `(async () => {
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
    const [jws, jwks] = await Promise.all([
      fetch(path).then((r) => r.text()),
      fetch("/.well-known/jwks.json").then((r) => r.json()),
    ]);
    const [head, payload, signature] = jws.trim().split(".");
    const header = JSON.parse(new TextDecoder().decode(bytes(head)));
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    if (!jwk || header.alg !== "EdDSA") return say("Not verified: the signing key is not published.", false);
    const key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const signed = new TextEncoder().encode(head + "." + payload);
    if (!(await crypto.subtle.verify({ name: "Ed25519" }, key, bytes(signature), signed))) return say("Not verified: the signature does not match.", false);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(payload)));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex !== box.dataset.hash) return say("Not verified: the signed content has another hash.", false);
    say("Verified: signed by the publisher's key (" + header.kid.slice(0, 12) + "…), hash matches.", true);
  } catch (error) {
    say("Not verified: " + (error && error.message ? error.message : "the check failed") + ".", false);
  }
})();`;
