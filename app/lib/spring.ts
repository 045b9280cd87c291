// A damped spring (mass 1) sampled into CSS keyframes, so the brand bar's entrance needs no JavaScript.

export type SpringOptions = { stiffness: number; damping: number; mass?: number };

/** Displacement from rest (1 at t=0, → 0) of a spring released from rest, at time t seconds. */
export function springDisplacement(t: number, { stiffness, damping, mass = 1 }: SpringOptions): number {
  const omega = Math.sqrt(stiffness / mass);
  const zeta = damping / (2 * Math.sqrt(stiffness * mass));
  if (zeta < 1) {
    const omegaD = omega * Math.sqrt(1 - zeta * zeta);
    return (
      Math.exp(-zeta * omega * t) * (Math.cos(omegaD * t) + ((zeta * omega) / omegaD) * Math.sin(omegaD * t))
    );
  }
  // Critically or over-damped: no overshoot.
  return Math.exp(-omega * t) * (1 + omega * t);
}

/** How long until the spring stays within `precision` of rest. */
export function springDuration(options: SpringOptions, precision = 0.001): number {
  let settledSince = 0;
  for (let t = 0; t < 10; t += 0.01) {
    if (Math.abs(springDisplacement(t, options)) > precision) settledSince = t + 0.01;
  }
  return Math.round(settledSince * 100) / 100;
}

/** `@keyframes name { … }` moving translateY from `fromVh` viewport heights to 0 along the spring. */
export function springKeyframes(name: string, fromVh: number, options: SpringOptions, steps = 60): string {
  const frames: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * springDuration(options);
    const y = i === steps ? 0 : fromVh * springDisplacement(t, options);
    frames.push(`${((i / steps) * 100).toFixed(2)}%{transform:translateY(${y.toFixed(3)}vh)}`);
  }
  return `@keyframes ${name}{${frames.join("")}}`;
}
