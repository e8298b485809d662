import { documentKindOf } from './document-kind';

describe('document kinds by content', () => {
  it('recognises PDF, PNG, JPEG and DWG by their magic bytes', () => {
    expect(documentKindOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe('pdf');
    expect(documentKindOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('png');
    expect(documentKindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toBe('jpg');
    expect(documentKindOf(Buffer.from('AC1032\0\0\0\0'))).toBe('dwg');
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(documentKindOf(Buffer.from('<html><body>%PDF-</body></html>'))).toBeNull();
    expect(documentKindOf(Buffer.from('MZ\x90\0'))).toBeNull();
    expect(documentKindOf(Buffer.alloc(0))).toBeNull();
    expect(documentKindOf(Buffer.from('AC9999'))).toBeNull();
  });
});
