import { createHash } from 'node:crypto';
import { daysToSeconds, destinationTagFromPropertyId, escrowDefaults } from '@app/contracts';
import { conditionOf, generateCondition } from './conditions';
import { dateToRippleTime, rippleTimeToDate, RIPPLE_EPOCH_OFFSET, unixToRippleTime } from './ripple-time';

describe('Ripple-epoch time', () => {
  it('counts from 2000-01-01T00:00:00Z', () => {
    expect(RIPPLE_EPOCH_OFFSET).toBe(Date.UTC(2000, 0, 1) / 1000);
    expect(dateToRippleTime(new Date('2000-01-01T00:00:00Z'))).toBe(0);
    expect(unixToRippleTime(946_684_800 + 86_400)).toBe(86_400);
    expect(rippleTimeToDate(0).toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });

  it('converts both ways (a known ledger time: 2026-11-22T05:30:00Z is 848640600)', () => {
    const iso = '2026-11-22T05:30:00.000Z';
    expect(dateToRippleTime(new Date(iso))).toBe(Date.parse(iso) / 1000 - 946_684_800);
    expect(rippleTimeToDate(dateToRippleTime(new Date(iso))).toISOString()).toBe(iso);
  });

  it('turns the spec-9 default day counts into seconds (days * 24*60*60) on the ledger clock', () => {
    const now = dateToRippleTime(new Date('2026-11-22T00:00:00Z'));
    expect(daysToSeconds(escrowDefaults.releaseAfterDays)).toBe(604_800);
    expect(rippleTimeToDate(now + daysToSeconds(escrowDefaults.cancelAfterDays)).toISOString()).toBe(
      '2026-12-22T00:00:00.000Z',
    );
  });
});

describe('PREIMAGE-SHA-256 conditions', () => {
  it('builds the DER condition from the SHA-256 of the preimage, and the fulfillment that carries it', () => {
    const preimage = Buffer.alloc(32, 7);
    const digest = createHash('sha256').update(preimage).digest('hex').toUpperCase();
    const pair = generateCondition(preimage);
    expect(pair.condition).toBe(`A0258020${digest}810120`);
    expect(pair.fulfillment).toBe(`A0228020${preimage.toString('hex').toUpperCase()}`);
    expect(conditionOf(pair.fulfillment)).toBe(pair.condition);
  });

  it('makes a different pair each time and tells a wrong fulfillment apart', () => {
    const first = generateCondition();
    const second = generateCondition();
    expect(first.condition).not.toBe(second.condition);
    expect(conditionOf(second.fulfillment)).not.toBe(first.condition);
    expect(conditionOf('DEADBEEF')).toBeNull();
  });
});

describe('destination tag from a property id', () => {
  it('reads the last 8 characters as hexadecimal', () => {
    expect(destinationTagFromPropertyId('prop-000000ff')).toBe(255);
    expect(destinationTagFromPropertyId('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(0xe82c3301);
    expect(destinationTagFromPropertyId('abc')).toBe(0xabc);
    // Spec 3's PROP-<timestamp> ids: the timestamp's last 8 digits read as hex.
    expect(destinationTagFromPropertyId('PROP-1732252800000')).toBe(0x52800000);
    expect(destinationTagFromPropertyId('PROP-not-a-hex-tail')).toBeNull();
  });
});
