import { describe, expect, it } from "vitest";
import { type Block, contentHtml, layoutHtml } from "./layout.tsx";

const brand = { title: "Alpha & Co", color: "#112233", logo: "http://alpha.localhost/logo.png" };

describe("e-mail layout (React Email)", () => {
  it("fills a cached shape exactly as React renders the block itself, escaping included", () => {
    const blocks: Block[] = [
      { heading: `<b>"Tom" & 'Jerry'</b>`, paragraphs: ["one", "", "three"], action: { label: "Go", link: "http://x.localhost/?a=1&b='2'" } },
      {
        heading: "Meet Grace",
        paragraphs: ["Hi Ada!"],
        card: { name: "Grace <Hopper>", headline: "", avatarUrl: "http://x/a.jpg", contacts: [{ label: "TELEGRAM", value: "@grace" }], hasHiddenContacts: false },
        list: ["You both care about compilers", "You both care about compilers"],
        links: [{ label: "★ 1", link: "http://x/1" }],
        footnote: "f",
      },
      { heading: "Code", paragraphs: [], code: "123456" },
    ];
    for (const block of blocks) {
      for (let i = 0; i < 2; i++) {
        const html = layoutHtml("en", brand, block, "Footer");
        expect(html).toContain(contentHtml(block, brand.color));
      }
    }
  });

  it("keeps the community's header: colour, logo and title, in a document of the recipient's language", () => {
    const html = layoutHtml("ru", brand, { heading: "H", paragraphs: ["p"] }, "Подвал");
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('lang="ru"');
    expect(html).toContain("background:#112233");
    expect(html).toContain('src="http://alpha.localhost/logo.png"');
    expect(html).toContain("Alpha &amp; Co");
    expect(html).toContain("Подвал");
  });
});
