import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

/** The settings an operator of a split deployment sets (issue 17). */
describe("loadConfig: proxies, metrics, jobs and stopping", () => {
  it("trusts no proxy by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("reads TRUST_PROXY as a list of addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1, fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
    ]);
    expect(loadConfig({ TRUST_PROXY: "loopback,uniquelocal" }).trustProxy).toEqual([
      "loopback",
      "uniquelocal",
    ]);
  });

  it("reads a hop count as trusting that many hops nearest the server", () => {
    const trust = loadConfig({ TRUST_PROXY: "2" }).trustProxy;
    expect(typeof trust).toBe("function");
    const hops = trust as (address: string, hop: number) => boolean;
    expect([hops("10.0.0.1", 0), hops("10.0.0.2", 1), hops("203.0.113.9", 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it.each(["yes", "10.0.0.0/33", "300.1.2.3", "10.0.0.1/8/2", "127.0.0.1,,", "99"])(
    "refuses TRUST_PROXY=%s, naming the variable",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it("takes a metrics token of 16 characters or more, and a metrics port", () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: "a".repeat(16), METRICS_PORT: "9464" }).metrics).toEqual({
      token: "a".repeat(16),
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: "0" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: "4481", METRICS_PORT: "4481" })).toThrow(
      "METRICS_PORT must differ from PORT (both are 4481)",
    );
  });

  it("leases jobs for 30 s by default and drains for nothing unless asked", () => {
    expect(loadConfig({}).jobLeaseMs).toBe(30_000);
    expect(loadConfig({ JOB_LEASE_SECONDS: "5" }).jobLeaseMs).toBe(5_000);
    expect(() => loadConfig({ JOB_LEASE_SECONDS: "1" })).toThrow(/JOB_LEASE_SECONDS/);
    expect(loadConfig({}).stopDrainMs).toBe(0);
    expect(loadConfig({ STOP_DRAIN_SECONDS: "1.5" }).stopDrainMs).toBe(1500);
    expect(() => loadConfig({ STOP_DRAIN_SECONDS: "10" })).toThrow(/STOP_DRAIN_SECONDS/);
  });
});
