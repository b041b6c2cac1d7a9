//! placeholder being written
use super::*;
#[derive(Clone, Debug, PartialEq)]
pub struct Connect4;
impl Game for Connect4 { type Move=u8; const NAME: &'static str="connect4"; fn startpos()->Self{Connect4} fn from_fen(_:&str)->Result<Self,GameError>{Ok(Connect4)} fn fen(&self)->String{String::new()} fn side_to_move(&self)->Seat{Seat::P1} fn outcome(&self)->Option<Outcome>{None} fn legal_moves(&self,_:&mut Vec<u8>){} fn play(&mut self,_:u8){} fn evaluate(&self)->i32{0} fn hash(&self)->u64{0} fn move_code(m:u8)->u16{m as u16} fn move_text(&self,_:u8)->String{String::new()} fn display(&self)->String{String::new()} }
