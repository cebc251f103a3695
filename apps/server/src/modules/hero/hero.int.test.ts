import { DEFAULT_HERO } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe(`hero content on ${TEST_DB}`, () => {
  it("answers the default hero until one is saved, and the saved one after", async () => {
    const get = () => app.server.inject({ method: "GET", url: "/api/v1/hero-content" });
    expect((await get()).json()).toEqual(DEFAULT_HERO);
    const saved = { isVisible: false, title: "Winter <b>show</b>", subtitle: "Cold colours" };
    await app.services.settings.set("hero_content", JSON.stringify(saved));
    expect((await get()).json()).toEqual(saved);
    await app.services.settings.set("hero_content", "{broken");
    expect((await get()).json()).toEqual(DEFAULT_HERO);
  });
});
