import type { GameId, Localised } from './meta.ts';

// Help-centre rules per game, short markdown in English and Nepali. Numbers match the engines.
export const GAME_RULES: Readonly<Record<GameId, Localised>> = {
  roulette: {
    en: `**European roulette**, one zero, 37 pockets. Inside bets (straight, split, street, corner, six line) pay **36 ÷ numbers covered** times the stake (straight 36×, split 18×, street 12×, corner 9×, line 6×, stake included). Red/black, odd/even, 1–18/19–36 pay 2×; dozens and columns 3×. Zero loses every outside bet. RTP 97.30 %.`,
    ne: `**युरोपियन रुलेट**, एउटा शून्य, 37 खाना। भित्री दाउ (स्ट्रेट, स्प्लिट, स्ट्रीट, कर्नर, सिक्स लाइन) ले दाउ × **36 ÷ समेटिएका अंक** तिर्छ (स्ट्रेट 36×, स्प्लिट 18×, स्ट्रीट 12×, कर्नर 9×, लाइन 6×, दाउ सहित)। रातो/कालो, बिजोर/जोर, 1–18/19–36 ले 2×; दर्जन र स्तम्भले 3× तिर्छ। शून्य आउँदा सबै बाहिरी दाउ हार्छन्। RTP 97.30 %।`,
  },
  baccarat: {
    en: `**Punto banco.** Player and Banker get two cards; tens and pictures count 0, aces 1; only the last digit counts. Third cards follow the fixed table (Player draws on 0–5; Banker draws by its total and Player's third card). Player pays 2×, Banker 1.95× (5 % commission), Tie 9× (8:1), Player/Banker pair 12× (11:1). On a tie, Player and Banker bets are returned. RTP: Banker 98.94 %, Player 98.77 %, Tie 85.88 %, pairs 92.31 %.`,
    ne: `**पुन्टो बान्को।** प्लेयर र बैंकरले दुई पत्ती पाउँछन्; दश र तस्बिर 0 , एक्का 1; अन्तिम अंक मात्र गनिन्छ। तेस्रो पत्ती निश्चित तालिका अनुसार (प्लेयरले 0–5 मा लिन्छ; बैंकरले आफ्नो जोड र प्लेयरको तेस्रो पत्ती हेरेर)। प्लेयर 2×, बैंकर 1.95× (5 % कमिसन), टाई 9× (8:1), प्लेयर/बैंकर पेयर 12× (11:1)। टाई भए प्लेयर र बैंकर दाउ फिर्ता। RTP: बैंकर 98.94 %, प्लेयर 98.77 %, टाई 85.88 %, पेयर 92.31 %।`,
  },
  'dragon-tiger': {
    en: `One card each to Dragon and Tiger; the higher card wins (ace low, king high). Dragon or Tiger pays 2×; on a tie they lose half the stake. Tie pays 9× (8:1); suited tie (same rank and suit) pays 51× (50:1). Infinite deck. RTP: Dragon/Tiger 96.15 %, Tie 69.23 %, Suited tie 98.08 %.`,
    ne: `ड्र्यागन र टाइगरलाई एक-एक पत्ती; ठूलो पत्ती जित्छ (एक्का सानो, बादशाह ठूलो)। ड्र्यागन वा टाइगर 2×; टाई भए आधा दाउ हार्छ। टाई 9× (8:1); उही रङ्गको टाई 51× (50:1)। RTP: ड्र्यागन/टाइगर 96.15 %, टाई 69.23 %, उही रङ्गको टाई 98.08 %।`,
  },
  sicbo: {
    en: `Three dice. Small (4–10) and Big (11–17) pay 1:1 and lose on any triple. Totals: 4/17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9–12 6:1. Any triple 30:1, specific triple 180:1, specific double 10:1, two-dice combination 5:1, single number 1:1/2:1/3:1 for one/two/three dice. RTP from 97.22 % (small/big) to 81.02 % (total 9 or 12).`,
    ne: `तीन पासा। स्मल (4–10) र बिग (11–17) ले 1:1 तिर्छ र कुनै पनि ट्रिपलमा हार्छ। जोड: 4/17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9–12 6:1। जुनसुकै ट्रिपल 30:1, तोकिएको ट्रिपल 180:1, तोकिएको डबल 10:1, दुई पासा जोडी 5:1, एकल अंक एक/दुई/तीन पासामा 1:1/2:1/3:1। RTP 97.22 % (स्मल/बिग) देखि 81.02 % (जोड 9 वा 12) सम्म।`,
  },
  blackjack: {
    en: `Beat the dealer without going over 21. Blackjack pays 3:2. Dealer stands on soft 17 and checks for blackjack under an ace or ten. Insurance (half the stake) is offered under an ace and pays 2:1. Double on any two cards, also after a split; split once; split aces take one card. An unfinished hand waits for you when you come back. RTP with basic strategy 99.43 %.`,
    ne: `21 नाघी डिलरलाई जित्नुहोस्। ब्ल्याकज्याकले 3:2 तिर्छ। डिलर सफ्ट 17 मा रोकिन्छ र एक्का वा दशमुनि ब्ल्याकज्याक जाँच्छ। एक्कामुनि इन्स्योरेन्स (आधा दाउ) पाइन्छ र 2:1 तिर्छ। कुनै पनि दुई पत्तीमा डबल, स्प्लिटपछि पनि; एक पटक स्प्लिट; स्प्लिट गरिएका एक्काले एउटा मात्र पत्ती पाउँछन्। अधुरो हात फर्केपछि जारी रहन्छ। आधारभूत रणनीतिसँग RTP 99.43 %।`,
  },
  dice: {
    en: `Pick a target from 0.01 to 99.99 and roll over or under it. The roll is 0.00–100.00. Multiplier = 99 ÷ win chance (%), rounded down to 4 decimals; payouts are rounded down to the paisa. RTP 98.99 %.`,
    ne: `0.01 देखि 99.99 सम्म लक्ष्य छान्नुहोस् र त्यसभन्दा माथि वा तल रोल गर्नुहोस्। रोल 0.00–100.00 हुन्छ। गुणक = 99 ÷ जित्ने सम्भावना (%), 4 दशमलवमा तलतिर; भुक्तानी पैसामा तलतिर मिलाइन्छ। RTP 98.99 %।`,
  },
  mines: {
    en: `A 5×5 board hides 1–24 mines. Reveal tiles; each safe tile raises the multiplier to 0.99 ÷ (chance of finding that many safe tiles). Cash out at any time after the first tile; a mine loses the stake. RTP 99 %.`,
    ne: `5×5 बोर्डमा 1–24 माइन लुकेका हुन्छन्। टाइल खोल्नुहोस्; हरेक सुरक्षित टाइलले गुणक 0.99 ÷ (त्यति सुरक्षित टाइल भेट्ने सम्भावना) पुर्‍याउँछ। पहिलो टाइलपछि जुनसुकै बेला क्यास आउट; माइन भेटिए दाउ हार्छ। RTP 99 %।`,
  },
  plinko: {
    en: `Drop a ball through 8–16 rows of pins; at each row it goes left or right with equal chance. The bucket it lands in sets the multiplier, from the table of the chosen risk (low, medium, high). RTP 98.35–98.87 % depending on rows and risk.`,
    ne: `8–16 पङ्क्तिका किलाबाट बल खसाल्नुहोस्; हरेक पङ्क्तिमा बराबर सम्भावनाले बायाँ वा दायाँ जान्छ। बल पर्ने खाल्डोले छानिएको जोखिम (कम, मध्यम, उच्च) को तालिकाबाट गुणक तोक्छ। पङ्क्ति र जोखिम अनुसार RTP 98.35–98.87 %।`,
  },
  keno: {
    en: `Pick 1 to 10 numbers from 1–40; 10 numbers are drawn. The payout depends on how many of your numbers are drawn, from the paytable for your pick count. RTP 96.86–99.00 % depending on the pick count.`,
    ne: `1–40 बाट 1 देखि 10 अंक छान्नुहोस्; 10 अंक निकालिन्छन्। तपाईंका कति अंक निस्किए भन्ने आधारमा छानेको संख्याको भुक्तानी तालिकाबाट तिरिन्छ। छानेको संख्या अनुसार RTP 96.86–99.00 %।`,
  },
  'video-slot': {
    en: `5 reels, 3 rows, 20 fixed lines; the total bet is split over the lines. Wins pay left to right from the first reel. Wild stands in for every symbol but the scatter. 3, 4 or 5 scatters anywhere pay 2×, 10× or 50× the total bet and start 10 free spins in which every win is doubled; free spins can retrigger. RTP 95.95 %.`,
    ne: `5 रिल, 3 पङ्क्ति, 20 निश्चित लाइन; कुल दाउ लाइनहरूमा बाँडिन्छ। जित पहिलो रिलबाट बायाँदेखि दायाँ। वाइल्डले स्क्याटरबाहेक सबै चिन्हको काम गर्छ। जहाँसुकै 3, 4 वा 5 स्क्याटरले कुल दाउको 2×, 10× वा 50× तिर्छ र 10 फ्री स्पिन दिन्छ, जहाँ हरेक जित दोब्बर (×2) हुन्छ; फ्री स्पिन फेरि पाउन सकिन्छ। RTP 95.95 %।`,
  },
  'classic-slot': {
    en: `3 reels, one line. 7-7-7 pays 200×, three BAR3 50×, three BAR2 25×, three BAR1 17×, any three bars 5×; cherries anywhere on the line pay 2×, 5× or 20× for one, two or three. RTP 94.93 %.`,
    ne: `3 रिल, एक लाइन। 7-7-7 ले 200×, तीन BAR3 50×, तीन BAR2 25×, तीन BAR1 17×, जुनसुकै तीन बार 5×; लाइनमा जहाँसुकै चेरी एक, दुई वा तीनले 2×, 5× वा 20× तिर्छ। RTP 94.93 %।`,
  },
  crash: {
    en: `A multiplier rises from 1.00× until it crashes. Cash out before the crash to win your stake × the multiplier at that moment; set an auto cash-out to have it done for you. About 1 % of rounds crash at 1.00×. Every crash point comes from a published hash chain. RTP 99 %.`,
    ne: `गुणक 1.00× बाट बढ्दै जान्छ र कुनै बेला क्र्यास हुन्छ। क्र्यास अघि क्यास आउट गरे दाउ × त्यस बेलाको गुणक जित्नुहुन्छ; स्वचालित क्यास आउट पनि राख्न सकिन्छ। करिब 1 % राउन्ड 1.00× मै क्र्यास हुन्छन्। हरेक क्र्यास बिन्दु प्रकाशित ह्यास चेनबाट आउँछ। RTP 99 %।`,
  },
};
