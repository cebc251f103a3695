import { describe, expect, it } from "vitest";
import { isReservedUsername } from "./auth.js";

describe("isReservedUsername", () => {
  it("keeps the site's own names from members, however they are written", () => {
    for (const name of [
      "admin",
      "ADMIN",
      "Ad.Min",
      "adm1n",
      "adrnin",
      "administrator",
      "support",
      "s_u_p_p_o_r_t",
      "staff",
      "moderator",
      "root",
      "r00t",
      "noreply",
      "sawdust",
      "5awdu5t",
      "sawdust_official",
      "official-sawdust",
      "the.sawdust.team",
      "SawdustOfficial",
      "mysawdust",
      "sawdusty",
      "sawdust2",
      "ADMlN",
      "0fficia1",
      "aclmin",
      "sawclust",
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it("leaves a member's own name alone, even with one of the words inside it", () => {
    for (const name of [
      "mallory",
      "mallory_admin",
      "badminton",
      "rooted",
      "supporter",
      "saw_dusk",
      "jigsaw_dustin",
      "chainsaw.dusty",
      "clara",
      "lisa",
      "staffordshire",
      "e2e-admin",
    ]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });

  it("keeps the name the site gives its administrator while `admin` is taken, not others like it", () => {
    for (const name of [
      "admin-1a2b3c",
      "admin-abcdef",
      "ADMIN-ABCDEF",
      "Admin-99374F",
      "adm1n-1a2b3c",
      "ADMlN-00ff99",
      "ad.min-1a2b3c",
      "admin_1a2b3c",
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of [
      "admin2",
      "siteadmin",
      "admin_team",
      "admin-1a2b3",
      "admin-1a2b3c4",
      "admin-1a2b3g",
      "my-admin-1a2b3c",
    ]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });

  it("keeps the name the operator gave the site, when it is not Sawdust", () => {
    for (const name of [
      "pixelforge",
      "Pixel_Forge",
      "p1xe1.forge",
      "PixelForgeTeam",
      "the-pixelforge",
    ]) {
      expect(isReservedUsername(name, "Pixel Forge"), name).toBe(true);
    }
    for (const name of ["forge", "pixel", "pixelated", "pixie_forge", "forge_pixel"]) {
      expect(isReservedUsername(name, "Pixel Forge"), name).toBe(false);
    }
    // Spelled with separators, with more after it (round 45).
    for (const name of [
      "pixel_forge_team",
      "pixel.forge.support",
      "Pixel-Forge-Official",
      "the_p1xel_forge",
    ]) {
      expect(isReservedUsername(name, "Pixel Forge"), name).toBe(true);
    }
    // Its words in a row, with or without separators, wherever they start and end (round 48).
    for (const name of [
      "pixel_forge2",
      "pixel_forgeteam",
      "mypixel_forge",
      "thepixel_forge.art",
      "pixel_forger_fan",
    ]) {
      expect(isReservedUsername(name, "Pixel Forge"), name).toBe(true);
    }
    expect(isReservedUsername("smart_labrador", "Art Lab")).toBe(true);
    expect(isReservedUsername("art_lab_fan", "Art Lab")).toBe(true);
    expect(isReservedUsername("artist_lab", "Art Lab")).toBe(false);
    // A look-alike across the site name's words: `rn` reads as `m` in a name written whole.
    expect(isReservedUsername("roarnation", "Roar Nation")).toBe(true);
    expect(isReservedUsername("roar_nation_2", "Roar Nation")).toBe(true);
    // Read as written too: `cl` reads as `d`, and hid the words after it (round 50).
    for (const name of ["xclamplight", "clamp_lights", "myclamp-light"]) {
      expect(isReservedUsername(name, "Lamp Light"), name).toBe(true);
    }
    // Accents and full-width letters are taken off the site's name, as a username has none.
    for (const [site, name] of <Array<[string, string]>>[
      ["Café Noir", "cafenoir"],
      ["Café Noir", "Cafe_Noir"],
      ["Café Noir", "CafeNoirTeam"],
      ["Zürich Art", "zurichart"],
      ["ＰｉｘｅｌＦｏｒｇｅ", "PixelForge"],
      // Letters with no decomposition, written as a username writes them (round 48).
      ["Øresund Studio", "oresund_studio"],
      ["Łódź Prints", "lodzprints"],
      ["Straße Kunst", "strasse_kunst"],
      ["Kraftwerk Ŋord", "kraftwerk_nord"],
    ]) {
      expect(isReservedUsername(name, site), `${name} / ${site}`).toBe(true);
    }
    // A short site name is kept whole, not inside other names.
    expect(isReservedUsername("art", "Art")).toBe(true);
    expect(isReservedUsername("bartholomew", "Art")).toBe(false);
    // A name in another script leaves every username (letters, digits, '.', '_', '-') alone.
    expect(isReservedUsername("galereya", "Галерея")).toBe(false);
  });
});
