import type { GameId, Localised } from './meta.ts';

// Help-centre rules per game, short markdown in English and Nepali. Numbers match the engines.
export const GAME_RULES: Readonly<Record<GameId, Localised>> = {
  roulette: {
    en: `**European roulette**, one zero, 37 pockets. Inside bets (straight, split, street, corner, six line) pay **36 ÷ numbers covered** times the stake (straight 36×, split 18×, street 12×, corner 9×, line 6×, stake included). Red/black, odd/even, 1–18/19–36 pay 2×; dozens and columns 3×. Zero loses every outside bet. RTP 97.30 %.`,
    ne: `**युरोपियन रुलेट**, एउटा शून्य, ३७ खाना। भित्री दाउ (स्ट्रेट, स्प्लिट, स्ट्रीट, कर्नर, सिक्स लाइन) ले दाउ × **३६ ÷ समेटिएका अंक** तिर्छ (स्ट्रेट ३६×, स्प्लिट १८×, स्ट्रीट १२×, कर्नर ९×, लाइन ६×, दाउ सहित)। रातो/कालो, बिजोर/जोर, १–१८/१९–३६ ले २×; दर्जन र स्तम्भले ३× तिर्छ। शून्य आउँदा सबै बाहिरी दाउ हार्छन्। RTP ९७.३० %।`,
  },
  baccarat: {
    en: `**Punto banco.** Player and Banker get two cards; tens and pictures count 0, aces 1; only the last digit counts. Third cards follow the fixed table (Player draws on 0–5; Banker draws by its total and Player's third card). Player pays 2×, Banker 1.95× (5 % commission), Tie 9× (8:1), Player/Banker pair 12× (11:1). On a tie, Player and Banker bets are returned. RTP: Banker 98.94 %, Player 98.77 %, Tie 85.88 %, pairs 92.31 %.`,
    ne: `**पुन्टो बान्को।** प्लेयर र बैंकरले दुई पत्ती पाउँछन्; दश र तस्बिर ० , एक्का १; अन्तिम अंक मात्र गनिन्छ। तेस्रो पत्ती निश्चित तालिका अनुसार (प्लेयरले ०–५ मा लिन्छ; बैंकरले आफ्नो जोड र प्लेयरको तेस्रो पत्ती हेरेर)। प्लेयर २×, बैंकर १.९५× (५ % कमिसन), टाई ९× (८:१), प्लेयर/बैंकर पेयर १२× (११:१)। टाई भए प्लेयर र बैंकर दाउ फिर्ता। RTP: बैंकर ९८.९४ %, प्लेयर ९८.७७ %, टाई ८५.८८ %, पेयर ९२.३१ %।`,
  },
  'dragon-tiger': {
    en: `One card each to Dragon and Tiger; the higher card wins (ace low, king high). Dragon or Tiger pays 2×; on a tie they lose half the stake. Tie pays 9× (8:1); suited tie (same rank and suit) pays 51× (50:1). Infinite deck. RTP: Dragon/Tiger 96.15 %, Tie 69.23 %, Suited tie 98.08 %.`,
    ne: `ड्र्यागन र टाइगरलाई एक-एक पत्ती; ठूलो पत्ती जित्छ (एक्का सानो, बादशाह ठूलो)। ड्र्यागन वा टाइगर २×; टाई भए आधा दाउ हार्छ। टाई ९× (८:१); उही रङ्गको टाई ५१× (५०:१)। RTP: ड्र्यागन/टाइगर ९६.१५ %, टाई ६९.२३ %, उही रङ्गको टाई ९८.०८ %।`,
  },
  sicbo: {
    en: `Three dice. Small (4–10) and Big (11–17) pay 1:1 and lose on any triple. Totals: 4/17 60:1, 5/16 30:1, 6/15 17:1, 7/14 12:1, 8/13 8:1, 9–12 6:1. Any triple 30:1, specific triple 180:1, specific double 10:1, two-dice combination 5:1, single number 1:1/2:1/3:1 for one/two/three dice. RTP from 97.22 % (small/big) to 81.02 % (total 9 or 12).`,
    ne: `तीन पासा। स्मल (४–१०) र बिग (११–१७) ले १:१ तिर्छ र कुनै पनि ट्रिपलमा हार्छ। जोड: ४/१७ ६०:१, ५/१६ ३०:१, ६/१५ १७:१, ७/१४ १२:१, ८/१३ ८:१, ९–१२ ६:१। जुनसुकै ट्रिपल ३०:१, तोकिएको ट्रिपल १८०:१, तोकिएको डबल १०:१, दुई पासा जोडी ५:१, एकल अंक एक/दुई/तीन पासामा १:१/२:१/३:१। RTP ९७.२२ % (स्मल/बिग) देखि ८१.०२ % (जोड ९ वा १२) सम्म।`,
  },
  blackjack: {
    en: `Beat the dealer without going over 21. Blackjack pays 3:2. Dealer stands on soft 17 and checks for blackjack under an ace or ten. Insurance (half the stake) is offered under an ace and pays 2:1. Double on any two cards, also after a split; split once; split aces take one card. An unfinished hand waits for you when you come back. RTP with basic strategy 99.43 %.`,
    ne: `२१ नाघी डिलरलाई जित्नुहोस्। ब्ल्याकज्याकले ३:२ तिर्छ। डिलर सफ्ट १७ मा रोकिन्छ र एक्का वा दशमुनि ब्ल्याकज्याक जाँच्छ। एक्कामुनि इन्स्योरेन्स (आधा दाउ) पाइन्छ र २:१ तिर्छ। कुनै पनि दुई पत्तीमा डबल, स्प्लिटपछि पनि; एक पटक स्प्लिट; स्प्लिट गरिएका एक्काले एउटा मात्र पत्ती पाउँछन्। अधुरो हात फर्केपछि जारी रहन्छ। आधारभूत रणनीतिसँग RTP ९९.४३ %।`,
  },
  dice: {
    en: `Pick a target from 0.01 to 99.99 and roll over or under it. The roll is 0.00–100.00. Multiplier = 99 ÷ win chance (%), rounded down to 4 decimals; payouts are rounded down to the paisa. RTP 98.99 %.`,
    ne: `०.०१ देखि ९९.९९ सम्म लक्ष्य छान्नुहोस् र त्यसभन्दा माथि वा तल रोल गर्नुहोस्। रोल ०.००–१००.०० हुन्छ। गुणक = ९९ ÷ जित्ने सम्भावना (%), ४ दशमलवमा तलतिर; भुक्तानी पैसामा तलतिर मिलाइन्छ। RTP ९८.९९ %।`,
  },
  mines: {
    en: `A 5×5 board hides 1–24 mines. Reveal tiles; each safe tile raises the multiplier to 0.99 ÷ (chance of finding that many safe tiles). Cash out at any time after the first tile; a mine loses the stake. RTP 99 %.`,
    ne: `५×५ बोर्डमा १–२४ माइन लुकेका हुन्छन्। टाइल खोल्नुहोस्; हरेक सुरक्षित टाइलले गुणक ०.९९ ÷ (त्यति सुरक्षित टाइल भेट्ने सम्भावना) पुर्‍याउँछ। पहिलो टाइलपछि जुनसुकै बेला क्यास आउट; माइन भेटिए दाउ हार्छ। RTP ९९ %।`,
  },
  plinko: {
    en: `Drop a ball through 8–16 rows of pins; at each row it goes left or right with equal chance. The bucket it lands in sets the multiplier, from the table of the chosen risk (low, medium, high). RTP 98.35–98.87 % depending on rows and risk.`,
    ne: `८–१६ पङ्क्तिका किलाबाट बल खसाल्नुहोस्; हरेक पङ्क्तिमा बराबर सम्भावनाले बायाँ वा दायाँ जान्छ। बल पर्ने खाल्डोले छानिएको जोखिम (कम, मध्यम, उच्च) को तालिकाबाट गुणक तोक्छ। पङ्क्ति र जोखिम अनुसार RTP ९८.३५–९८.८७ %।`,
  },
  keno: {
    en: `Pick 1 to 10 numbers from 1–40; 10 numbers are drawn. The payout depends on how many of your numbers are drawn, from the paytable for your pick count. RTP 96.86–99.00 % depending on the pick count.`,
    ne: `१–४० बाट १ देखि १० अंक छान्नुहोस्; १० अंक निकालिन्छन्। तपाईंका कति अंक निस्किए भन्ने आधारमा छानेको संख्याको भुक्तानी तालिकाबाट तिरिन्छ। छानेको संख्या अनुसार RTP ९६.८६–९९.०० %।`,
  },
  'video-slot': {
    en: `5 reels, 3 rows, 20 fixed lines; the total bet is split over the lines. Wins pay left to right from the first reel. Wild stands in for every symbol but the scatter. 3, 4 or 5 scatters anywhere pay 2×, 10× or 50× the total bet and start 10 free spins in which every win is doubled; free spins can retrigger. RTP 95.95 %.`,
    ne: `५ रिल, ३ पङ्क्ति, २० निश्चित लाइन; कुल दाउ लाइनहरूमा बाँडिन्छ। जित पहिलो रिलबाट बायाँदेखि दायाँ। वाइल्डले स्क्याटरबाहेक सबै चिन्हको काम गर्छ। जहाँसुकै ३, ४ वा ५ स्क्याटरले कुल दाउको २×, १०× वा ५०× तिर्छ र १० फ्री स्पिन दिन्छ, जहाँ हरेक जित दोब्बर (×२) हुन्छ; फ्री स्पिन फेरि पाउन सकिन्छ। RTP ९५.९५ %।`,
  },
  'classic-slot': {
    en: `3 reels, one line. 7-7-7 pays 200×, three BAR3 50×, three BAR2 25×, three BAR1 17×, any three bars 5×; cherries anywhere on the line pay 2×, 5× or 20× for one, two or three. RTP 94.93 %.`,
    ne: `३ रिल, एक लाइन। ७-७-७ ले २००×, तीन BAR3 ५०×, तीन BAR2 २५×, तीन BAR1 १७×, जुनसुकै तीन बार ५×; लाइनमा जहाँसुकै चेरी एक, दुई वा तीनले २×, ५× वा २०× तिर्छ। RTP ९४.९३ %।`,
  },
  crash: {
    en: `A multiplier rises from 1.00× until it crashes. Cash out before the crash to win your stake × the multiplier at that moment; set an auto cash-out to have it done for you. About 1 % of rounds crash at 1.00×. Every crash point comes from a published hash chain. RTP 99 %.`,
    ne: `गुणक १.००× बाट बढ्दै जान्छ र कुनै बेला क्र्यास हुन्छ। क्र्यास अघि क्यास आउट गरे दाउ × त्यस बेलाको गुणक जित्नुहुन्छ; स्वचालित क्यास आउट पनि राख्न सकिन्छ। करिब १ % राउन्ड १.००× मै क्र्यास हुन्छन्। हरेक क्र्यास बिन्दु प्रकाशित ह्यास चेनबाट आउँछ। RTP ९९ %।`,
  },
};
