import { describe, expect, it } from "vitest";
import { onToastRaised, toast, whenFirstToast } from "./use-toast";

describe("the toast store", () => {
  it("tells every listener of the first toast, though one stops listening as it is told", () => {
    const heard: string[] = [];
    // The deferred Toaster waits for the first toast, and counts every raised one (provider.tsx).
    whenFirstToast(() => heard.push("first"));
    const stop = onToastRaised(() => heard.push("raised"));
    toast({ title: "Saved" });
    toast({ title: "Saved again" });
    stop();
    expect(heard).toEqual(["first", "raised", "raised"]);
  });

  it("counts a toast as raised when it replaces the one showing, not when one is dismissed", () => {
    let raised = 0;
    const stop = onToastRaised(() => raised++);
    const first = toast({ title: "One" });
    toast({ title: "Two" });
    first.dismiss();
    stop();
    expect(raised).toBe(2);
  });
});
