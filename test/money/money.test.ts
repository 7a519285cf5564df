import { describe, expect, it } from 'vitest';
import {
  decimalToMicros,
  formatMicros,
  microsToDecimal,
  microsToMinor,
  minorDigits,
  minorToMicros,
  unitsToMicros,
} from '../../src/money.ts';

describe('money', () => {
  it('knows the minor digits of each currency', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD'), minorDigits('EUR')]).toEqual([
      2, 0, 3, 2,
    ]);
  });

  it('writes micros as a plain decimal string with exactly the minor digits, rounded half away from zero', () => {
    expect(formatMicros(1_234_500_000, 'USD')).toBe('1234.50');
    expect(formatMicros(5_000, 'USD')).toBe('0.01');
    expect(formatMicros(4_999, 'USD')).toBe('0.00');
    expect(formatMicros(-5_000, 'USD')).toBe('-0.01');
    expect(formatMicros(1_234_500_000, 'JPY')).toBe('1235');
    expect(formatMicros(1_234_500, 'KWD')).toBe('1.235');
    expect(formatMicros(0, 'EUR')).toBe('0.00');
    // Large spend stays exact and never turns into exponent notation.
    expect(formatMicros(9_007_199_254_740_000, 'USD')).toBe('9007199254.74');
  });

  it('writes micros as an exact decimal for wire formats that keep every digit, and reads it back', () => {
    expect(microsToDecimal(1_234_500_000)).toBe('1234.5');
    expect(microsToDecimal(7_000_000)).toBe('7');
    expect(microsToDecimal(1)).toBe('0.000001');
    expect(microsToDecimal(0)).toBe('0');
    expect(microsToDecimal(-2_500_000)).toBe('-2.5');
    expect(microsToDecimal(9_007_199_254_740_991)).toBe('9007199254.740991');
    for (const micros of [0, 1, 10_000, 123_456_789, 9_007_199_254_740_991])
      expect(decimalToMicros(microsToDecimal(micros))).toBe(micros);
  });

  it('reads platform decimals exactly, without floating point', () => {
    expect(decimalToMicros('12.34')).toBe(12_340_000);
    expect(decimalToMicros('0.1')).toBe(100_000);
    expect(decimalToMicros('7')).toBe(7_000_000);
    expect(decimalToMicros('.5')).toBe(500_000);
    expect(decimalToMicros('0.0000005')).toBe(1);
    expect(decimalToMicros('-3.25')).toBe(-3_250_000);
    expect(() => decimalToMicros('1e3')).toThrow(/not a decimal/);
    expect(() => decimalToMicros('')).toThrow(/not a decimal/);
  });

  it('converts between minor units and micros', () => {
    expect(minorToMicros(1050, 'USD')).toBe(10_500_000);
    expect(minorToMicros(1050, 'JPY')).toBe(1_050_000_000);
    expect(microsToMinor(10_505_000, 'USD')).toBe(1051);
    expect(unitsToMicros(25.5)).toBe(25_500_000);
  });
});
