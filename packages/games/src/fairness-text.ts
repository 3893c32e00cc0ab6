import type { Localised } from './meta.ts';

// The help-centre page "Provably fair" (issue 11): the exact construction, so anyone can recompute a round.
export const FAIRNESS_PAGE: Localised = {
  en: `## Provably fair

Every in-house round, lottery draw and prize draw is decided by numbers you can recompute yourself.

1. **Before you play** we commit to a secret **server seed** (32 random bytes, written as 64 hex characters) by showing its hash: \`serverSeedHash = SHA-256(serverSeed)\`, hashing the hex text.
2. You choose a **client seed** (1–64 printable characters; we give a random one). Each round uses the next **nonce** (0, 1, 2 …).
3. Random bytes: \`HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + cursor)\` for cursor 0, 1, 2 … (32 bytes each).
4. Every 4 bytes make a number between 0 and 1: \`b0/256 + b1/256² + b2/256³ + b3/256⁴\`, used in order.
5. Results: roulette pocket = floor(f × 37); dice = floor(f × 10001) / 100; a card = floor(f × 52) (rank = card mod 13 with 0 = ace, suit = floor(card / 13), one number per card in dealing order); sic bo die = floor(f × 6) + 1; mines and keno = a Fisher–Yates shuffle with successive numbers (of the 25 cells / of the 40 numbers, the first ones drawn); plinko = one number per row, left when below 0.5; slot reel stop = floor(f × reel length); lottery digit = floor(f × 10).
6. When you change your client seed, the old server seed is revealed: check that its hash is the one shown before, and recompute any round on the **Verify** page.

**Crash** rounds use a chain of hashes fixed in advance: each round's hash, hashed again, gives the previous round's; the chain's last hash was published before the first round. The crash point is floor(99 × 2⁵² / (2⁵² − h)) / 100 (at least 1.00) where h is the first 52 bits of the round's hash.`,
  ne: `## प्रमाणित रूपमा निष्पक्ष

हरेक इन-हाउस राउन्ड, लटरी ड्र र पुरस्कार ड्र तपाईं आफैँ फेरि हिसाब गर्न सक्ने अंकबाट तय हुन्छ।

1. **खेल्नु अघि** हामी गोप्य **सर्भर सिड** (32 अनियमित बाइट, 64 हेक्स अक्षर) को ह्यास देखाएर प्रतिबद्ध हुन्छौँ: \`serverSeedHash = SHA-256(serverSeed)\`, हेक्स पाठको ह्यास।
2. तपाईं **क्लाइन्ट सिड** छान्नुहुन्छ (1–64 छाप्न मिल्ने अक्षर; हामी अनियमित दिन्छौँ)। हरेक राउन्डले अर्को **नन्स** (0, 1, 2 …) प्रयोग गर्छ।
3. अनियमित बाइट: cursor 0, 1, 2 … का लागि \`HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce + ":" + cursor)\` (हरेक 32 बाइट)।
4. हरेक 4 बाइटले 0 र 1 बीचको अंक बनाउँछ: \`b0/256 + b1/256² + b2/256³ + b3/256⁴\`, क्रमैसँग प्रयोग हुन्छ।
5. नतिजा: रुलेट खाना = floor(f × 37); डाइस = floor(f × 10001) / 100; पत्ती = floor(f × 52) (रैंक = card mod 13, 0 = एक्का, रङ्ग = floor(card / 13), बाँड्ने क्रममा प्रति पत्ती एक अंक); सिक बो पासा = floor(f × 6) + 1; माइन्स र केनो = क्रमिक अंकले Fisher–Yates फेरबदल (25 कोठा / 40 अंकको, पहिले निस्केका); प्लिन्को = प्रति पङ्क्ति एक अंक, 0.5 भन्दा कम भए बायाँ; स्लट रिल = floor(f × रिलको लम्बाइ); लटरी अंक = floor(f × 10)।
6. क्लाइन्ट सिड बदल्दा पुरानो सर्भर सिड खुलाइन्छ: यसको ह्यास पहिले देखाइएकै हो भनी जाँच्नुहोस् र **Verify** पृष्ठमा कुनै पनि राउन्ड फेरि हिसाब गर्नुहोस्।

**क्र्यास** राउन्डहरू पहिल्यै तय गरिएको ह्यास चेनबाट आउँछन्: हरेक राउन्डको ह्यासलाई फेरि ह्यास गर्दा अघिल्लो राउन्डको ह्यास आउँछ; चेनको अन्तिम ह्यास पहिलो राउन्ड अघि प्रकाशित गरिएको थियो। क्र्यास बिन्दु floor(99 × 2⁵² / (2⁵² − h)) / 100 (कम्तीमा 1.00) हो, जहाँ h राउन्ड ह्यासको पहिलो 52 बिट हो।`,
};
