/** First and last names for demo members: common, real-looking, both genders. */

export const EN_NAMES = {
  female: [
    "Emma", "Olivia", "Sophie", "Charlotte", "Amelia", "Grace", "Isla", "Hannah", "Chloe", "Lucy", "Emily", "Ella",
    "Mia", "Zoe", "Ava", "Ruby", "Freya", "Alice", "Lily", "Maya", "Sarah", "Laura", "Rachel", "Natalie", "Priya",
    "Aisha", "Mei", "Sofia", "Elena", "Clara", "Julia", "Nora", "Ingrid", "Camille", "Lea", "Marta", "Ana", "Noor",
    "Leila", "Yuki", "Hana", "Amara", "Zara", "Tessa", "Imogen", "Harriet", "Megan", "Jessica", "Katherine", "Rebecca",
  ],
  male: [
    "James", "Oliver", "Harry", "Jack", "George", "Noah", "Leo", "Thomas", "Daniel", "Samuel", "Henry", "Oscar",
    "Max", "Lucas", "Ethan", "Adam", "Ben", "Alex", "David", "Michael", "Ryan", "Nathan", "Arjun", "Rahul", "Omar",
    "Karim", "Wei", "Kenji", "Mateo", "Diego", "Marco", "Luca", "Felix", "Jonas", "Lars", "Pierre", "Julien", "Tomas",
    "Piotr", "Andrei", "Ivan", "Dmitri", "Sam", "Joe", "Chris", "Patrick", "Connor", "Owen", "Callum", "Isaac",
  ],
  last: [
    "Smith", "Johnson", "Williams", "Brown", "Taylor", "Davies", "Evans", "Wilson", "Thomas", "Roberts", "Walker",
    "Wright", "Robinson", "Thompson", "White", "Hughes", "Edwards", "Green", "Hall", "Wood", "Harris", "Clarke",
    "Lewis", "Jackson", "Turner", "Hill", "Moore", "Cooper", "Ward", "Morris", "King", "Baker", "Carter", "Bennett",
    "Murphy", "O'Brien", "Kelly", "Patel", "Shah", "Khan", "Singh", "Chen", "Wang", "Li", "Nguyen", "Kim", "Park",
    "Tanaka", "Sato", "Garcia", "Martinez", "Rodriguez", "Lopez", "Silva", "Santos", "Rossi", "Romano", "Bianchi",
    "Müller", "Schmidt", "Fischer", "Weber", "Becker", "Dubois", "Martin", "Bernard", "Laurent", "Jansen", "de Vries",
    "Visser", "Nowak", "Kowalski", "Novak", "Horvat", "Andersson", "Johansson", "Larsen", "Nielsen", "Virtanen",
    "Okafor", "Mensah", "Haddad", "Cohen", "Levi", "Friedman", "Sullivan", "Reid", "Campbell", "Stewart", "MacLeod",
  ],
};

export const RU_NAMES = {
  female: [
    "Анна", "Мария", "Елена", "Ольга", "Наталья", "Татьяна", "Ирина", "Екатерина", "Светлана", "Юлия", "Анастасия",
    "Дарья", "Ксения", "Алина", "Виктория", "Полина", "Марина", "Вера", "Надежда", "Людмила", "Евгения", "Александра",
    "Софья", "Валерия", "Кристина", "Оксана", "Алёна", "Василиса", "Ульяна", "Яна", "Лилия", "Диана", "Маргарита",
  ],
  male: [
    "Александр", "Дмитрий", "Максим", "Сергей", "Андрей", "Алексей", "Артём", "Илья", "Кирилл", "Михаил", "Никита",
    "Матвей", "Роман", "Егор", "Иван", "Павел", "Владимир", "Денис", "Евгений", "Константин", "Николай", "Олег",
    "Тимур", "Руслан", "Фёдор", "Григорий", "Антон", "Вадим", "Игорь", "Станислав", "Ярослав", "Степан", "Борис",
  ],
  /** Masculine forms; the feminine form is derived (Иванов -> Иванова, Островский -> Островская). */
  last: [
    "Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков", "Фёдоров",
    "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов", "Степанов", "Николаев",
    "Орлов", "Андреев", "Макаров", "Никитин", "Захаров", "Зайцев", "Соловьёв", "Борисов", "Яковлев", "Григорьев",
    "Романов", "Воробьёв", "Сергеев", "Кузьмин", "Фролов", "Александров", "Дмитриев", "Королёв", "Гусев", "Киселёв",
    "Ильин", "Максимов", "Поляков", "Сорокин", "Виноградов", "Ковалёв", "Белов", "Медведев", "Антонов", "Тарасов",
    "Жуков", "Баранов", "Филиппов", "Комаров", "Давыдов", "Беляев", "Герасимов", "Богданов", "Осипов", "Сидоров",
    "Матвеев", "Титов", "Марков", "Миронов", "Крылов", "Куликов", "Карпов", "Власов", "Мельников", "Денисов",
    "Островский", "Вишневский", "Лозинский", "Шевченко", "Бондаренко", "Коваленко", "Ким", "Цой", "Гарипов", "Хабибуллин",
  ],
};

/** The feminine form of a Russian surname; surnames that do not change (Шевченко, Ким) stay as they are. */
export function feminineSurname(last: string): string {
  if (last.endsWith("ский")) return `${last.slice(0, -4)}ская`;
  if (last.endsWith("цкий")) return `${last.slice(0, -4)}цкая`;
  if (/(ов|ев|ёв|ин|ын)$/.test(last)) return `${last}а`;
  return last;
}
