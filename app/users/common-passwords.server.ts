// Passwords people choose most often, refused by /account and /change-password (issue 16). Written
// for PlantOps from the top entries that recur in the published lists of leaked passwords (the
// "most common passwords" tables of NCSC, SplashData and NordPass), only those of 8 characters or
// more (shorter ones already fail the length rule), plus the plant's own obvious choices.
// Compared in lower case, so "Password1" is refused as "password1".
const LIST = `
123456789 12345678 1234567890 11111111 00000000 88888888 87654321 12341234 11223344 12344321
123123123 123456789a 1234567891 12345678910 123456123456 147258369 159753456 987654321 0987654321
password password1 password12 password123 password1234 passw0rd p@ssword p@ssw0rd pa55word
password! password01 mypassword newpassword yourpassword adminadmin administrator admin123
admin1234 admin@123 welcome1 welcome123 welcome@123 letmein1 letmein123 changeme changeme1
iloveyou iloveyou1 iloveyou2 princess1 sunshine sunshine1 football football1 baseball basketball
superman batman123 starwars trustno1 whatever dragon123 monkey123 master123 shadow123 michael1
jennifer jordan23 liverpool chelsea1 arsenal1 manchester qwerty123 qwertyuiop qwerty12 qwerty1234
qwertyui 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 q1w2e3r4 q1w2e3r4t5
asdfghjkl asdfghjk asdf1234 zxcvbnm1 zxcvbnm123 abcd1234 abc12345 abcdefgh abcdefg1 aa123456
a1b2c3d4 aaaaaaaa 1111111111 99999999 55555555 66666666 77777777 22222222 33333333 44444444
computer internet michelle jessica1 charlie1 killer12 freedom1 whatever1 loveyou1 lovely123
12qwaszx qazwsxedc qazwsx123 1qazxsw2 !qaz2wsx passpass testtest test1234 test123456 guest123
default1 secret123 secret12 letmein! welcome! summer2024 summer2025 summer2026 winter2024
winter2025 winter2026 spring2025 spring2026 autumn2025 autumn2026 january1 december1 monday123
india123 india@123 bharat123 mumbai123 delhi123 chennai123 kolkata123 bangalore hyderabad
pune1234 krishna123 ganesh123 sairam123 jaihind123 hanuman123 omsairam om123456 sachin10
cricket1 cricket123 dhoni007 virat18 iloveindia india2024 india2025 india2026 password@1
password@123 pass@123 pass@1234 abc@1234 abc@123 admin@1234 welcome@1 user1234 user@123
lpg12345 lpgplant plant123 plant1234 plantops plantops1 plantops123 gasplant cylinder123
bottling123 security1 security123 guard123 guard1234 staff123 staff1234 viewer123 viewer1234
operator1 operator123 supervisor manager1 manager123 engineer1 engineer123 company1 company123
computer1 laptop123 samsung1 samsung123 nokia1234 iphone123 google123 facebook1 whatsapp1
myspace1 linkedin1 mustang1 ferrari1 corvette harley123 hello123 hello1234 helloworld
goodluck happy123 happiness sweety123 angel123 babygirl1 princess iloveu123 lovelove
loveme123 fuckyou1 asshole1 biteme123 access14 access123 master12 matrix123 ncc1701d
blink182 pokemon1 naruto123 minecraft fortnite1 letmein12 1234qwer qwer1234 1234abcd
zxcv1234 azerty123 azertyuiop 123qweasd 123qweasdzxc qweasdzxc qweasd123 1qaz1qaz
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize("NFKC").trim().toLowerCase());
}

export const commonPasswordCount = () => COMMON.size;
