// The seed menu in Italian, by the slugs of menu-data.ts: each category's name and
// description, each dish's description (and its name where the English one is not
// Italian already). A fresh database starts with both; migration 019 fills them into a
// database whose seed dishes are as the seed wrote them.

export const CATEGORIES_IT: Record<string, { name: string; description: string }> = {
  antipasti: { name: 'Antipasti', description: 'Piattini da dividere mentre l’acqua della pasta bolle.' },
  primi: { name: 'Pasta e risotti', description: 'Pasta fresca tirata ogni mattina, risotto mantecato al momento.' },
  pizza: { name: 'Pizze', description: 'Impasto napoletano, 48 ore di lievitazione, 90 secondi nel forno a legna.' },
  secondi: { name: 'Secondi', description: 'Dalla griglia, dal forno e dal mare.' },
  dolci: { name: 'Dolci', description: 'Fatti in casa, ogni giorno.' },
  bevande: { name: 'Bevande', description: 'Bibite e caffè di piccoli produttori italiani.' },
};

export const DISHES_IT: Record<string, { name?: string; description: string }> = {
  bruschetta: { description: 'Pane a lievitazione naturale tostato e strofinato con aglio, con pomodorini datterini, basilico e olio ligure.' },
  burrata: { description: 'Burrata pugliese cremosa con pesche arrostite, nocciole tostate e una goccia di aceto balsamico invecchiato.' },
  arancini: { description: 'Croccanti palle di riso allo zafferano ripiene di ragù e piselli, con una salsa di pomodoro piccante.' },
  carpaccio: { description: 'Manzo crudo tagliato sottile con rucola, scaglie di Parmigiano e limone.' },
  'vitello-tonnato': { description: 'Vitello arrosto freddo sotto una salsa vellutata di tonno e capperi, alla piemontese.' },
  carbonara: { description: 'Guanciale, tuorlo d’uovo, Pecorino Romano e pepe nero. Mai la panna.' },
  ragu: { description: 'Tagliatelle all’uovo con un ragù bolognese di manzo e maiale cotto a lungo.' },
  'cacio-e-pepe': { description: 'Tonnarelli saltati con Pecorino Romano e pepe nero tostato.' },
  'risotto-funghi': { description: 'Riso Carnaroli con funghi porcini, timo e una noce di burro.' },
  'trofie-pesto': { description: 'Pasta ligure attorcigliata con pesto al basilico, fagiolini e patate.' },
  arrabbiata: { description: 'Penne in un sugo di pomodoro infuocato con aglio e peperoncino calabrese.' },
  margherita: { description: 'Pomodoro San Marzano, fior di latte, basilico e olio d’oliva.' },
  diavola: { description: 'Pomodoro, mozzarella e salame piccante calabrese.' },
  'quattro-formaggi': { description: 'Mozzarella, Gorgonzola, Taleggio e Parmigiano, senza pomodoro.' },
  ortolana: { description: 'Zucchine, melanzane e peperoni grigliati sul pomodoro, senza formaggio.' },
  branzino: { description: 'Branzino intero al forno con limone, finocchio e pomodorini.' },
  saltimbocca: { description: 'Scaloppine di vitello con prosciutto e salvia, sfumate al vino bianco nel burro.' },
  parmigiana: { description: 'Strati di melanzane fritte, pomodoro, basilico e Parmigiano, al forno finché sobbollono.' },
  cacciatora: { description: 'Pollo in umido alla cacciatora con pomodori, olive e rosmarino.' },
  bistecca: { description: 'Controfiletto alla griglia, tagliato, su un letto di rucola con sale al rosmarino e olio extravergine. Cotto come preferisci.' },
  tiramisu: { description: 'Savoiardi inzuppati nell’espresso sotto crema al mascarpone e cacao.' },
  'panna-cotta': { description: 'Panna cotta alla vaniglia con una composta di frutti di bosco.' },
  cannoli: { description: 'Cialde croccanti ripiene di ricotta dolce, arancia candita e pistacchio.' },
  affogato: { description: 'Gelato al fior di latte affogato in un espresso bollente. Il meglio del meglio.' },
  limonata: { description: 'Limoni di Amalfi, un po’ di zucchero, acqua frizzante e menta.' },
  chinotto: { description: 'La bibita agrumata agrodolce italiana, servita ghiacciata.' },
  espresso: { description: 'Un caffè corto di tostatura scura, da una torrefazione napoletana.' },
};
