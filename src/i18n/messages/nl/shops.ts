/** Shop locator: opening tags, hours table, map. */
export default {
  tags: {
    open: 'Open · sluit om {time}\u00A0uur',
    closesSoon: {
      one: 'Sluit binnenkort (over {count} minuut)',
      other: 'Sluit binnenkort (over {count} minuten)',
    },
    opensSoon: {
      one: 'Gaat binnenkort open (over {count} minuut)',
      other: 'Gaat binnenkort open (over {count} minuten)',
    },
    opensToday: 'Gesloten · opent vandaag om {time}\u00A0uur',
    opensTomorrow: 'Gesloten · opent morgen om {time}\u00A0uur',
    opensLater: 'Gesloten · opent {weekday} om {time}\u00A0uur',
    opensOnDate: 'Gesloten · opent op {date} om {time}\u00A0uur',
    closed: 'Gesloten',
    specialOpening: 'Uitzonderlijke opening',
    specialClosure: 'Uitzonderlijke sluiting',
    hoursLink: 'Bekijk de openingsuren',
  },
  hours: {
    title: 'Openingsuren',
    caption: 'Openingsuren van {name}',
    weekday: 'Dag',
    hours: 'Uren',
    closed: 'Gesloten',
    weekdays: {
      mon: 'Maandag',
      tue: 'Dinsdag',
      wed: 'Woensdag',
      thu: 'Donderdag',
      fri: 'Vrijdag',
      sat: 'Zaterdag',
      sun: 'Zondag',
    },
    exceptions: {
      title: 'Uitzonderlijke openingsuren',
      opening: 'Uitzonderlijke opening: {hours}',
      closure: 'Uitzonderlijke sluiting',
      period: 'Van {from} tot en met {to}',
      periodClosed: 'Gesloten',
    },
  },
  map: {
    label: 'Kaart van de winkels',
    pin: '{name}, {city}',
    attribution: 'Achtergrondkaart: {attribution}',
  },
};
