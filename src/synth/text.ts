/** Word lists for the synthetic documents: Latin (English) and Cyrillic (Russian) business text. */
import type { Random } from './random';

export type Language = 'en' | 'ru';

const WORDS: Record<Language, readonly string[]> = {
  en: ('the of and to in for is on that by this with you it not or be are from at as your all have new more an was we will ' +
    'can us about if page my has free but our one other do no information time they site he up may what which their news out ' +
    'use any there see only so his when contact here business who also now help get view online first am been would how were ' +
    'me services some these click its like service than find price date back top people had list name just over state year day ' +
    'into email two health world next used go work last most products music buy data make them should product system post her ' +
    'city add policy number such please available copyright support message after best software then jan good video well where ' +
    'info rights public books high school through each links she review years order very privacy book items company read group ' +
    'need many user said does set under general research university january mail full map reviews program life know games way ' +
    'days management part could great united hotel real item international center must store travel comments made development ' +
    'report off member details line terms before hotels did send right type because local those using results office education ' +
    'national car design take posted internet address community within states area want phone shipping reserved subject between ' +
    'agreement contract payment invoice delivery amount total supplier customer parties hereby obligations liability').split(' '),
  ru: ('и в не на я быть он с что а по это она этот к но они мы как из у который то за свой весь год от так о для ты же все тот ' +
    'мочь вы человек такой его сказать только или еще бы себя один как уже до время если сам когда другой вот говорить наш мой ' +
    'знать стать при чтобы дело жизнь кто первый очень два день ее новый рука даже во со раз где там под можно ну какой после их ' +
    'работа без самый потом надо хотеть ли слово идти большой должен место иметь ничто договор поставка товар покупатель продавец ' +
    'сторона обязательство оплата сумма счет акт услуга исполнитель заказчик срок условие порядок стоимость качество приемка ' +
    'передача документ подпись печать директор общество ответственность банк реквизиты адрес телефон настоящий соглашение ' +
    'выполнение работ расчет рублей копеек наименование количество цена единица итого налог включая').split(' '),
};

export const TITLES: Record<Language, readonly string[]> = {
  en: ['INVOICE', 'Service Agreement', 'DELIVERY NOTE', 'Purchase Order', 'Certificate of Completion', 'Power of Attorney', 'RECEIPT', 'Letter of Intent', 'Application Form', 'Statement of Work'],
  ru: ['СЧЁТ НА ОПЛАТУ', 'ДОГОВОР ПОСТАВКИ', 'Акт выполненных работ', 'ДОВЕРЕННОСТЬ', 'Товарная накладная', 'ЗАЯВЛЕНИЕ', 'Справка', 'Протокол согласования', 'Счёт-фактура', 'Служебная записка'],
};

export const COMPANIES: Record<Language, readonly string[]> = {
  en: ['ACME TRADING LTD', 'Northwind Supplies Inc.', 'BLUE RIVER LOGISTICS', 'Greenfield & Partners LLP', 'Contoso Holdings', 'Atlas Engineering GmbH', 'SUNRISE FOODS CO.', 'Meridian Consulting'],
  ru: ['ООО «РОМАШКА»', 'АО «ВЕКТОР»', 'ООО «СТРОЙМОНТАЖ»', 'ИП Петров А. В.', 'ПАО «СЕВЕРСТАЛЬТРАНС»', 'ООО «ТЕХНОСЕРВИС»', 'ЗАО «АЛЬФА-ПЛЮС»', 'ГБУ «Городская поликлиника № 3»'],
};

export const FIELD_LABELS: Record<Language, readonly string[]> = {
  en: ['Name', 'Surname', 'Date of birth', 'Address', 'City', 'Postcode', 'Phone', 'E-mail', 'Account No.', 'Reference', 'Position', 'Department', 'Passport No.', 'Issued by', 'Amount', 'Purpose'],
  ru: ['Фамилия', 'Имя', 'Отчество', 'Дата рождения', 'Адрес', 'Город', 'Индекс', 'Телефон', 'Паспорт', 'Выдан', 'ИНН', 'КПП', 'Р/с', 'БИК', 'Должность', 'Сумма'],
};

export const SIGN_LABELS: Record<Language, readonly string[]> = {
  en: ['Signature', 'Signed', 'Authorised signature', 'Director', 'Customer', 'Supplier', 'Accepted by', 'Approved'],
  ru: ['Подпись', 'Директор', 'Главный бухгалтер', 'Заказчик', 'Исполнитель', 'Принял', 'Сдал', 'Руководитель'],
};

export const TABLE_HEADERS: Record<Language, readonly string[]> = {
  en: ['No.', 'Description', 'Qty', 'Unit', 'Price', 'Amount', 'VAT', 'Code', 'Total'],
  ru: ['№', 'Наименование', 'Кол-во', 'Ед.', 'Цена', 'Сумма', 'НДС', 'Код', 'Всего'],
};

export const PERSON_NAMES: Record<Language, readonly string[]> = {
  en: ['J. Smith', 'Anna Brown', 'M. Kowalski', 'Peter Miller', 'L. Garcia', 'Sarah Johnson', 'R. Taylor', 'David Wilson', 'E. Clarke', 'Thomas Wright', 'K. Novak', 'Olivia Hart'],
  ru: ['Иванов', 'Петрова', 'А. Смирнов', 'Кузнецов', 'Е. Соколова', 'Попов', 'Лебедев', 'Н. Морозова', 'Волков', 'С. Козлов'],
};

export const STAMP_RING: Record<Language, readonly string[]> = {
  en: ['ACME TRADING COMPANY LTD', 'NORTHWIND SUPPLIES INC', 'BLUE RIVER LOGISTICS', 'ATLAS ENGINEERING', 'CITY OF SPRINGFIELD', 'MERIDIAN CONSULTING LLC'],
  ru: ['ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ', 'АКЦИОНЕРНОЕ ОБЩЕСТВО ВЕКТОР', 'ОГРН 1027700132195 г. МОСКВА', 'ИНДИВИДУАЛЬНЫЙ ПРЕДПРИНИМАТЕЛЬ', 'ДЛЯ ДОКУМЕНТОВ'],
};

export const STAMP_CENTRE: Record<Language, readonly string[]> = {
  en: ['APPROVED', 'PAID', 'RECEIVED', 'SEAL', 'OFFICIAL', 'VERIFIED', 'COPY'],
  ru: ['РОМАШКА', 'ВЕКТОР', 'ПЕЧАТЬ', 'Для документов', 'ОПЛАЧЕНО', 'ПОЛУЧЕНО', 'КОПИЯ ВЕРНА'],
};

export function words(random: Random, language: Language, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(random.pick(WORDS[language]));
  if (out.length > 0) out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return out.join(' ');
}

export function sentence(random: Random, language: Language): string {
  return `${words(random, language, random.int(5, 14))}${random.pick(['.', '.', '.', ',', ';', ':'])}`;
}

export function dateText(random: Random, language: Language): string {
  const d = String(random.int(1, 28)).padStart(2, '0');
  const m = String(random.int(1, 12)).padStart(2, '0');
  const y = random.int(1998, 2026);
  return language === 'ru' && random.chance(0.5) ? `«${d}» ${random.pick(['января', 'марта', 'мая', 'июля', 'октября', 'декабря'])} ${y} г.` : `${d}.${m}.${y}`;
}

export function moneyText(random: Random, language: Language): string {
  const whole = random.int(1, 999_999);
  const cents = String(random.int(0, 99)).padStart(2, '0');
  const grouped = whole.toLocaleString('en-US').replace(/,/g, language === 'ru' ? ' ' : ',');
  return language === 'ru' ? `${grouped},${cents}` : `${grouped}.${cents}`;
}

export function numberText(random: Random): string {
  return String(random.int(1, 10 ** (random.chance(0.8) ? random.int(1, 4) : random.int(5, 10))));
}
