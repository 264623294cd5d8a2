// The lists the browser tests screen against, written in OFAC's published XML format (sdn.xml and
// consolidated.xml) into a LISTS_DIR layout, so the server ingests them the way it ingests the real files.
import fs from 'node:fs';
import path from 'node:path';

/** A listed Ethereum address (published checksummed) and the entity behind it. */
export const LISTED_ETH = '0x8589427373D6D84E98730D7795D8f6f8731FDA16';
export const LISTED_ETH_ENTITY = 'EXAMPLE EXCHANGE LTD';
/** A well-formed address on no list. */
export const CLEAR_ETH = '0x1111111111111111111111111111111111111111';

// OFAC states the number of entries in the header; the reader refuses a file whose count disagrees.
const xml = (ns: string, entries: string[]) => `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="${ns}">
  <publshInformation><Publish_Date>11/20/2026</Publish_Date><Record_Count>${entries.length}</Record_Count></publshInformation>
${entries.join('\n')}
</sdnList>`;

const person = (
  uid: number,
  first: string,
  last: string,
  programs: string[],
  aka?: string,
  birthYear?: string,
) => `  <sdnEntry>
    <uid>${uid}</uid><firstName>${first}</firstName><lastName>${last}</lastName><sdnType>Individual</sdnType>
    <programList>${programs.map((p) => `<program>${p}</program>`).join('')}</programList>
    ${aka ? `<akaList><aka><uid>${uid}1</uid><type>a.k.a.</type><category>strong</category><lastName>${aka}</lastName></aka></akaList>` : ''}
    <addressList><address><uid>${uid}2</uid><city>Damascus</city><country>Syria</country></address></addressList>
    ${birthYear ? `<dateOfBirthList><dateOfBirthItem><uid>${uid}3</uid><dateOfBirth>${birthYear}</dateOfBirth><mainEntry>true</mainEntry></dateOfBirthItem></dateOfBirthList>` : ''}
  </sdnEntry>`;

const entity = (uid: number, name: string, wallets: Array<[string, string]>) => `  <sdnEntry>
    <uid>${uid}</uid><lastName>${name}</lastName><sdnType>Entity</sdnType>
    <programList><program>CYBER2</program></programList>
    <idList>${wallets
      .map(
        ([t, a], i) =>
          `<id><uid>${uid}${i}</uid><idType>Digital Currency Address - ${t}</idType><idNumber>${a}</idNumber></id>`,
      )
      .join('')}</idList>
  </sdnEntry>`;

/** Writes ofac_sdn and ofac_consolidated under `dir`; returns the slugs for SCREENING_LISTS. */
export function writeDashboardLists(dir: string): string[] {
  fs.mkdirSync(path.join(dir, 'ofac_sdn'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'ofac_consolidated'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'ofac_sdn', 'sdn.xml'),
    xml('https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML', [
      person(7002, 'Rustam', 'KARIMOV', ['SYRIA', 'FSE-SY'], 'KARIMOV, Rustam Ali'),
      entity(41001, LISTED_ETH_ENTITY, [['ETH', LISTED_ETH]]),
      // Born 1962: a CSV row giving 1990 contradicts it.
      person(7003, 'Olena', 'FIXTUREVA', ['UKRAINE-EO13660'], undefined, '1962'),
    ]),
  );
  // The same person on a second list, so entry details shows records per list.
  fs.writeFileSync(
    path.join(dir, 'ofac_consolidated', 'consolidated.xml'),
    xml('http://tempuri.org/sdnList.xsd', [person(9002, 'Rustam', 'KARIMOV', ['NS-ISA'])]),
  );
  return ['ofac_sdn', 'ofac_consolidated'];
}
