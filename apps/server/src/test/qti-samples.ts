/** QTI 2.1 items and a package of them, written for the import tests. */
import yazl from 'yazl';

const NS = 'xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1"';

const item = (identifier: string, declaration: string, body: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem ${NS} identifier="${identifier}" title="${identifier}" adaptive="false" timeDependent="false">
  ${declaration}
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>
    ${body}
  </itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
  ${extra}
</assessmentItem>
`;

const single = (values: string[], cardinality = 'single', baseType = 'identifier') =>
  `<responseDeclaration identifier="RESPONSE" cardinality="${cardinality}" baseType="${baseType}">
    <correctResponse>${values.map((value) => `<value>${value}</value>`).join('')}</correctResponse>
  </responseDeclaration>`;

export const QTI21_ITEMS: Record<string, string> = {
  'items/extinguisher.xml': item(
    'extinguisher',
    single(['red']),
    `<p>Which colour is a fire extinguisher?</p>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <simpleChoice identifier="red">Red<feedbackInline outcomeIdentifier="FEEDBACK" identifier="red" showHide="show">Right: red, everywhere in Europe.</feedbackInline></simpleChoice>
      <simpleChoice identifier="blue">Blue</simpleChoice>
      <simpleChoice identifier="green">Green</simpleChoice>
    </choiceInteraction>`,
    `<modalFeedback outcomeIdentifier="FEEDBACK" identifier="general" showHide="show"><p>See chapter 2.</p></modalFeedback>`,
  ),
  'items/ppe.xml': item(
    'ppe',
    single(['gloves', 'goggles'], 'multiple'),
    `<choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="0">
      <prompt>Which are personal protective equipment?</prompt>
      <simpleChoice identifier="gloves">Gloves</simpleChoice>
      <simpleChoice identifier="goggles">Goggles</simpleChoice>
      <simpleChoice identifier="radio">A radio</simpleChoice>
    </choiceInteraction>`,
  ),
  'items/true-false.xml': item(
    'yearly-check',
    single(['true']),
    `<choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">
      <prompt>Extinguishers are checked yearly.</prompt>
      <simpleChoice identifier="true">True</simpleChoice>
      <simpleChoice identifier="false">False</simpleChoice>
    </choiceInteraction>`,
  ),
  'items/emergency.xml': item(
    'emergency-number',
    `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">
      <correctResponse><value>112</value></correctResponse>
      <mapping defaultValue="0"><mapEntry mapKey="112" mappedValue="1"/><mapEntry mapKey="one one two" mappedValue="1"/></mapping>
    </responseDeclaration>`,
    `<p>The emergency number in Europe is <textEntryInteraction responseIdentifier="RESPONSE" expectedLength="5"/>.</p>`,
  ),
  'items/evacuation.xml': item(
    'evacuation-essay',
    `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">
      <mapping defaultValue="0"><mapEntry mapKey="assembly point" mappedValue="1"/></mapping>
    </responseDeclaration>`,
    `<extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="3">
      <prompt>Where does everyone meet after leaving the building?</prompt>
    </extendedTextInteraction>`,
  ),
  'items/order.xml': item(
    'fire-steps',
    single(['alarm', 'leave', 'call'], 'ordered'),
    `<orderInteraction responseIdentifier="RESPONSE" shuffle="true">
      <prompt>Put the steps in order.</prompt>
      <simpleChoice identifier="call">Call 112</simpleChoice>
      <simpleChoice identifier="alarm">Raise the alarm</simpleChoice>
      <simpleChoice identifier="leave">Leave the building</simpleChoice>
    </orderInteraction>`,
  ),
  'items/hotspot.xml': item(
    'exit-map',
    single(['A']),
    `<hotspotInteraction responseIdentifier="RESPONSE" maxChoices="1">
      <prompt>Click the nearest exit.</prompt>
      <object type="image/png" data="map.png" width="200" height="100"/>
      <hotspotChoice identifier="A" shape="rect" coords="0,0,10,10"/>
    </hotspotInteraction>`,
  ),
};

export const QTI21_TEST = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentTest ${NS} identifier="fire-safety" title="Fire safety">
  <testPart identifier="part" navigationMode="linear" submissionMode="individual">
    <assessmentSection identifier="section" title="Fire" visible="true">
${Object.keys(QTI21_ITEMS)
  .map((path, index) => `      <assessmentItemRef identifier="i${index}" href="${path}"/>`)
  .join('\n')}
    </assessmentSection>
  </testPart>
</assessmentTest>
`;

export const QTI21_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="fire">
  <resources>
    <resource identifier="test" type="imsqti_test_xmlv2p1" href="test.xml"/>
${Object.keys(QTI21_ITEMS)
  .map((path, index) => `    <resource identifier="r${index}" type="imsqti_item_xmlv2p1" href="${path}"/>`)
  .join('\n')}
  </resources>
</manifest>
`;

/** A zip of the given files, as base64 (what the import's `package` carries). */
export function zipBase64(files: Record<string, string>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [path, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks).toString('base64')));
  });
}

export const qti21Package = () =>
  zipBase64({ 'imsmanifest.xml': QTI21_MANIFEST, 'test.xml': QTI21_TEST, ...QTI21_ITEMS });
