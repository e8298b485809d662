import { join } from 'node:path';
import { csvFields, nameWords, parseSdnCsv, SanctionsList } from './sanctions-list';

describe('the OFAC SDN list', () => {
  it('reads quoted fields with commas and the -0- marker', () => {
    expect(csvFields('2675,"BIN LADIN, Usama","individual","SDGT",-0- ,"a ""b"""')).toEqual([
      '2675',
      'BIN LADIN, Usama',
      'individual',
      'SDGT',
      '',
      'a "b"',
    ]);
    expect(parseSdnCsv('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA"\r\n\x1a')).toEqual([
      { id: '36', name: 'AEROCARIBBEAN AIRLINES', type: 'entity', programs: 'CUBA' },
    ]);
  });

  it('compares names whatever their order, case, accents and punctuation', () => {
    expect(nameWords('BIN LADIN, Usama')).toEqual(nameWords('usama bin-ladin'));
    expect(nameWords('Joaquín Guzmán Loera')).toEqual(nameWords('GUZMAN LOERA, Joaquin'));
  });

  it('finds exact and partial matches in the fixture and records its date and digest', async () => {
    const list = await SanctionsList.load(join(__dirname, '../../fixtures/sdn.csv'));
    expect(list.size).toBe(8);
    expect(list.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(list.screen('Usama Bin Ladin')).toMatchObject({ strength: 'exact', entry: { id: '2675' } });
    expect(list.screen('Oleg Deripaska')).toMatchObject({ strength: 'partial', entry: { id: '15036' } });
    expect(list.screen('Queen Street Holdings Limited')).toBeNull();
    expect(list.screen('Kim')).toBeNull();
  });
});
