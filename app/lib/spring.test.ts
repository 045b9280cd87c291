import { describe, expect, it } from "vitest";
import { springDisplacement, springDuration, springKeyframes } from "./spring.ts";

const spec = { stiffness: 50, damping: 10 };

describe("spring", () => {
  it("starts displaced and comes to rest", () => {
    expect(springDisplacement(0, spec)).toBeCloseTo(1);
    expect(Math.abs(springDisplacement(springDuration(spec), spec))).toBeLessThan(0.001);
  });
  it("overshoots a little, as an under-damped spring does (stiffness 50, damping 10)", () => {
    const samples = Array.from({ length: 200 }, (_, i) => springDisplacement(i / 100, spec));
    expect(Math.min(...samples)).toBeLessThan(0);
    expect(Math.min(...samples)).toBeGreaterThan(-0.1);
  });
  it("makes keyframes from -100vh to 0", () => {
    const css = springKeyframes("entrada", -100, spec);
    expect(css.startsWith("@keyframes entrada{0.00%{transform:translateY(-100.000vh)}")).toBe(true);
    expect(css.endsWith("100.00%{transform:translateY(0.000vh)}}")).toBe(true);
  });
});
