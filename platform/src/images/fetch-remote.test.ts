import { describe, expect, it } from "vitest";
import { isPublicAddress, parseImageUrl } from "./fetch-remote.ts";
import { avatarSizeForViewport, sniffImageFormat } from "./processing.ts";

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.1.2.3",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.0.1",
    "198.18.0.1",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:8.8.8.8",
    "64:ff9b::a00:1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "2001::1",
    "2002:7f00:1::1",
    "not-an-ip",
    "",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001::200e"])(
    "accepts %s",
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});

describe("parseImageUrl", () => {
  it("accepts http(s) only, without credentials", () => {
    expect(parseImageUrl("https://example.com/a.png").hostname).toBe("example.com");
    expect(() => parseImageUrl("javascript:alert(1)")).toThrow(/http and https/);
    expect(() => parseImageUrl("https://u:p@example.com/")).toThrow(/credentials/);
    expect(() => parseImageUrl("//example.com")).toThrow(/valid URL/);
  });
});

describe("image helpers", () => {
  it("picks the spec's avatar size for a viewport width", () => {
    expect([320, 575, 576, 767, 768, 1600].map(avatarSizeForViewport)).toEqual([108, 108, 256, 256, 512, 512]);
  });

  it("sniffs JPEG and PNG by magic bytes only", () => {
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a......"))).toBeUndefined();
    expect(sniffImageFormat(new Uint8Array())).toBeUndefined();
  });
});
