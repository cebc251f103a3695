import { describe, expect, it } from "vitest";
import { hashPassword, passwordWork, verifyPassword } from "./password.js";

describe("password work", () => {
  it("runs at most two hashes at a time; the rest wait their turn and all finish", async () => {
    const asked = passwordWork.asked;
    const hashes = Array.from({ length: 6 }, (_, i) => hashPassword(`password ${i}`));
    expect(passwordWork.asked - asked).toBe(6);
    expect(passwordWork.running).toBeLessThanOrEqual(2);
    expect(passwordWork.running + passwordWork.waiting).toBe(6);
    const done = await Promise.all(hashes);
    expect(passwordWork.running + passwordWork.waiting).toBe(0);
    expect(await verifyPassword(done[3] as string, "password 3")).toBe(true);
    expect(await verifyPassword(done[3] as string, "password 4")).toBe(false);
  });
});
