import { MESSAGES, PROFILE_LIMITS, ZUser } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

const v = MESSAGES.validation;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({}, { authLimits: { registrationsPerIp: 1000 } });
});
afterAll(() => app.close());

let counter = 0;
/** A fresh member for each test, so no test sees another's profile. */
async function member() {
  counter += 1;
  return (await signIn(app, `profile_${counter}_${Date.now().toString(36)}`)).cookie;
}

const patch = (payload: unknown, cookie?: string) =>
  app.server.inject({
    method: "PATCH",
    url: "/api/v1/profile",
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const currentUser = async (cookie: string) =>
  ZUser.parse(
    (
      await app.server.inject({ method: "GET", url: "/api/v1/auth/user", headers: { cookie } })
    ).json(),
  );

describe(`PATCH /api/v1/profile on ${TEST_DB}`, () => {
  it("answers 401 to a visitor, whatever the body", async () => {
    for (const body of [{ displayName: "Ann Smith" }, { displayName: "A" }]) {
      const res = await patch(body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.auth.notSignedIn);
    }
  });

  it("refuses each rule of spec section 5, and our bounds, with its message", async () => {
    const cookie = await member();
    const refusals: Array<[unknown, string]> = [
      [{ displayName: "A" }, v.displayNameShort],
      [{ displayName: "  A  " }, v.displayNameShort],
      [{ displayName: "x".repeat(PROFILE_LIMITS.displayNameMax + 1) }, v.displayNameLong(80)],
      [{ bio: "b".repeat(501) }, v.bioLong],
      [{ website: "not a url" }, v.websiteInvalid],
      [{ website: "javascript:alert(1)" }, v.websiteInvalid],
      [{ website: "ftp://example.com/file" }, v.websiteInvalid],
      [{ website: "https://localhost" }, v.websiteInvalid],
      [{ artistStatement: "s".repeat(1001) }, v.artistStatementLong],
      [{ socialLinks: { instagram: "i".repeat(301) } }, v.socialLinkLong(300)],
      [{ specialties: Array.from({ length: 21 }, (_, i) => `s${i}`) }, v.specialtiesTooMany(20)],
      [{ specialties: ["x".repeat(51)] }, v.specialtyLong(50)],
      [{ bio: 42 }, v.notText("Bio")],
    ];
    for (const [body, message] of refusals) {
      const res = await patch(body, cookie);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    // Nothing was written by any of them.
    const user = await currentUser(cookie);
    expect(user).toMatchObject({ displayName: null, bio: null, website: null, specialties: [] });
  });

  it("refuses a social link that is neither a handle nor an http(s) address, and keeps the old ones", async () => {
    const cookie = await member();
    const saved = { instagram: "@miravale", dribbble: "https://dribbble.com/mira" };
    expect((await patch({ socialLinks: saved }, cookie)).statusCode).toBe(200);
    for (const dribbble of ["javascript:alert(1)", "data:text/html,hi", "dribbble.com/mira"]) {
      const res = await patch({ socialLinks: { ...saved, dribbble } }, cookie);
      expect({ dribbble, status: res.statusCode, message: res.json().message }).toEqual({
        dribbble,
        status: 400,
        message: MESSAGES.profile.socialLinkInvalid("Dribbble"),
      });
    }
    expect((await currentUser(cookie)).socialLinks).toEqual(saved);
  });

  it("accepts the limits themselves", async () => {
    const cookie = await member();
    const res = await patch(
      {
        displayName: "Al",
        bio: "b".repeat(500),
        artistStatement: "s".repeat(1000),
        website: "http://example.com",
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ displayName: "Al", website: "http://example.com" });
    expect(res.json().bio).toHaveLength(500);
    expect(res.json().artistStatement).toHaveLength(1000);
  });

  it("saves every field, answers the updated user, and GET shows the same", async () => {
    const cookie = await member();
    const res = await patch(
      {
        displayName: "  Mira Vale  ",
        bio: "Painter of harbours.",
        website: "https://mira.example.com/portfolio",
        artistStatement: "Light on water.",
        socialLinks: {
          instagram: " @miravale ",
          twitter: "",
          behance: "https://behance.net/mira",
        },
        specialties: ["Watercolor", " Seascapes ", "watercolor", "", "Ink"],
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const answered = ZUser.parse(res.json());
    const expected = {
      displayName: "Mira Vale",
      bio: "Painter of harbours.",
      website: "https://mira.example.com/portfolio",
      artistStatement: "Light on water.",
      socialLinks: { instagram: "@miravale", behance: "https://behance.net/mira" },
      specialties: ["Watercolor", "Seascapes", "Ink"],
    };
    expect(answered).toMatchObject(expected);
    expect(await currentUser(cookie)).toEqual(answered);
  });

  it("changes only the fields sent", async () => {
    const cookie = await member();
    await patch(
      {
        displayName: "Kai Ora",
        bio: "First bio",
        website: "https://kai.example.org",
        socialLinks: { dribbble: "kai" },
        specialties: ["Pixel art"],
      },
      cookie,
    );
    const res = await patch({ bio: "Second bio" }, cookie);
    expect(res.statusCode).toBe(200);
    expect(await currentUser(cookie)).toMatchObject({
      displayName: "Kai Ora",
      bio: "Second bio",
      website: "https://kai.example.org",
      artistStatement: null,
      socialLinks: { dribbble: "kai" },
      specialties: ["Pixel art"],
    });
    // An empty body changes nothing.
    expect((await patch({}, cookie)).statusCode).toBe(200);
    expect((await currentUser(cookie)).bio).toBe("Second bio");
  });

  it("clears the website, bio and statement with blank text, and the lists with empty ones", async () => {
    const cookie = await member();
    await patch(
      {
        bio: "Something",
        website: "https://clear.example.com",
        artistStatement: "Statement",
        socialLinks: { facebook: "clearme" },
        specialties: ["Collage"],
      },
      cookie,
    );
    const res = await patch(
      { bio: "   ", website: "", artistStatement: null, socialLinks: {}, specialties: [] },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(await currentUser(cookie)).toMatchObject({
      bio: null,
      website: null,
      artistStatement: null,
      socialLinks: {},
      specialties: [],
    });
  });

  it("takes joiners between visible characters in a display name, and refuses bidi controls", async () => {
    const cookie = await member();
    for (const name of ["علی‌رضا", "ক্ষ্‍মা", "Kai 👨‍👩‍👧", "Kai 🏳️‍🌈"]) {
      const res = await patch({ displayName: name }, cookie);
      expect({ name, status: res.statusCode, body: res.json() }).toMatchObject({
        name,
        status: 200,
        body: { displayName: name },
      });
      expect((await currentUser(cookie)).displayName).toBe(name);
    }
    for (const control of ["\u202e", "\u202a", "\u2066", "\u200f", "\u061c", "\u200b"]) {
      const res = await patch({ displayName: `Kai${control} Ora` }, cookie);
      expect({ control, status: res.statusCode, message: res.json().message }).toEqual({
        control,
        status: 400,
        message: v.displayNameInvisible,
      });
    }
    // Typed decomposed: stored composed.
    expect(
      (await patch({ displayName: "Zoe\u0308", bio: "Cafe\u0301" }, cookie)).json(),
    ).toMatchObject({
      displayName: "Zoë",
      bio: "Café",
    });
  });

  it("changes only the signed-in member's profile", async () => {
    const one = await member();
    const other = await member();
    await patch({ displayName: "Only Me" }, one);
    expect((await currentUser(other)).displayName).toBeNull();
  });

  it("answers 400 with a message, not 500, to a body that is not an object", async () => {
    const cookie = await member();
    const res = await app.server.inject({
      method: "PATCH",
      url: "/api/v1/profile",
      payload: "[1,2]",
      headers: { cookie, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body must be a JSON object");
  });
});
