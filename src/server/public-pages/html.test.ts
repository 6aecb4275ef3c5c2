import { describe, expect, it } from "vitest";
import { html } from "~/server/public-pages/html";

describe("html", () => {
  it("escapes interpolated text but not nested templates", () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p title="${name}">${name}${html`<b>${"a<b"}</b>`}</p>`.text).toBe(
      `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<b>a&lt;b</b></p>`,
    );
  });

  it("joins arrays and drops null, undefined and false", () => {
    expect(
      html`<ul>
        ${["a", "b"].map((x) => html`<li>${x}</li>`)}${null}${undefined}${false}${0}
      </ul>`.text.replace(/\s+/g, ""),
    ).toBe("<ul><li>a</li><li>b</li>0</ul>");
  });
});
